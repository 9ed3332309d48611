/**
 * Whether index.html's pre-rendered home frame is on screen (issue 37: written by
 * scripts/prerender.mjs in a build with WEB_SHELL=1, hidden by scripts/shell-route.js for any visit that
 * does not open on a guest's home). While it is, the app's first render is the site itself,
 * not the boot splash, so the frame is replaced by the same screen, live.
 */
export const preRenderedShell = (): boolean => document.getElementById('shell') !== null && !document.documentElement.classList.contains('no-shell');
