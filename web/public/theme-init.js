// Applies the stored theme and language before the app loads, so the page never flashes light.
(function () {
  try {
    var dark = localStorage.getItem('theme') === 'oscuro' || localStorage.getItem('darkMode') === 'true';
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
    // The top bar painted before the app (index.html) takes the signed-in area's width.
    if (localStorage.getItem('access_token')) document.documentElement.setAttribute('data-session', '');
    var language = localStorage.getItem('language');
    if (language === 'es' || language === 'ca' || language === 'en') document.documentElement.lang = language;
  } catch {
    /* storage unavailable: defaults apply */
  }
})();
