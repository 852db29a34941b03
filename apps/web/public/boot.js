// Apply the remembered skin and language before React starts, so the first paint is right. The API
// writes this into each page (apps/api/src/common/spa/page-html.ts), minified by vite.preload.ts, and
// the Content-Security-Policy allows it by its hash; the dev server loads it as a file.
try {
  // A skin chosen here wins; without one, the device's own appearance (prefers-color-scheme).
  var scheme = localStorage.getItem('legenett-color-scheme');
  var dark = scheme === 'dark' || (scheme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  // The installed app's title bar follows the skin (the manifest's theme_color is the light skin's).
  var themeColor = document.querySelector('meta[name="theme-color"]');
  if (themeColor && dark) themeColor.setAttribute('content', '#242424');
  // The cookie notice the API writes into the page shows only until it is accepted, as the app's own
  // (app/global.css, `.prepaint`).
  if (localStorage.getItem('legenett-cookie-consent') === 'accepted') document.documentElement.setAttribute('data-cookie-consent', 'accepted');
  var lang = localStorage.getItem('legenett-locale');
  if (lang === 'en' || lang === 'no') document.documentElement.lang = lang;
} catch (e) {
  // Storage may be blocked; the app falls back to its defaults.
}
// The accept button of the cookie notice the API writes into the page works before the app has run:
// the choice is remembered as the app's own button remembers it, so the app's notice is not shown.
document.addEventListener('click', function (event) {
  var target = event.target;
  if (!target || !target.closest || !target.closest('.prepaint button')) return;
  try {
    localStorage.setItem('legenett-cookie-consent', 'accepted');
  } catch (e) {
    // Not remembered: the app shows its notice again.
  }
  document.documentElement.setAttribute('data-cookie-consent', 'accepted');
});
