// Apply the remembered skin and language before React starts, so the first paint is right. The API
// writes this into each page (apps/api/src/common/spa/page-html.ts), minified by vite.preload.ts, and
// the Content-Security-Policy allows it by its hash; the dev server loads it as a file.
try {
  // A skin chosen here wins; without one, the device's own appearance (prefers-color-scheme).
  var scheme = localStorage.getItem('legenett-color-scheme');
  var dark = scheme === 'dark' || (scheme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  var lang = localStorage.getItem('legenett-locale');
  if (lang === 'en' || lang === 'no') document.documentElement.lang = lang;
} catch (e) {
  // Storage may be blocked; the app falls back to its defaults.
}
