// The headless Chromium flags our own measuring and testing browsers share (scripts/admin-speed.mjs,
// the end-to-end suite's apps/web/e2e/browser.ts): one list, so a flag found to move figures in
// one is not missing from the other.

/**
 * Issue 37: Chromium 156 builds its address bar's suggestion popup as a page of its own
 * (chrome://omnibox-popup.top-chrome, about 400 files, in a second renderer) in every new window,
 * and each browser context of ours is a new window: in traces, ~300 ms of CPU in that renderer and
 * ~160 ms in the browser process per context on 2 cores (10 e2e contexts: 4-6 s of CPU with it,
 * 2-3 s without). A person's window builds it once, not per page load, so our browsers turn it off.
 */
export const OMNIBOX_POPUP_OFF = '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup';

/** no sandbox (root in CI), no GPU, no background traffic or updates: a quiet, repeatable browser */
export const QUIET_CHROMIUM = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
