// Apply the remembered skin and language before React starts, so the first paint is right.
// A file of its own (not inline) so the strict Content-Security-Policy (script-src 'self') allows it.
try {
  var scheme = localStorage.getItem('legenett-color-scheme');
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
  var lang = localStorage.getItem('legenett-locale');
  if (lang === 'en' || lang === 'no') document.documentElement.lang = lang;
} catch (e) {
  // Storage may be blocked; the app falls back to its defaults.
}
