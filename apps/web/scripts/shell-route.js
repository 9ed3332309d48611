// Issue 37: runs in the page's head, before the first paint (a classic script: the CSP allows no
// inline one). The pre-rendered frame in index.html is the home as a guest first sees it; any
// other visit (another route, a signed-in member, a cached maintenance state, a desktop window
// that opens the phone frame) gets the boot splash instead, as before.
(function () {
  var ok = false;
  try {
    var path = (location.hash.replace(/^#/, '').split('?')[0] || '/').replace(/(.)\/+$/, '$1');
    var app = JSON.parse(localStorage.getItem('appInfo') || 'null');
    ok = path === '/' && !localStorage.getItem('token') && !(app && Number(app.site_state) === 0) && (innerWidth < 768 || self !== top);
  } catch (e) {
    ok = false;
  }
  if (!ok) document.documentElement.className += ' no-shell';
})();
