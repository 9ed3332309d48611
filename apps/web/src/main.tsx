// antd-mobile's base styles first, as before any of its components loads: the site's theme
// (styles/global.css) overrides its variables and link colour, so it must come after them
import 'antd-mobile/es/global';
import './styles/global.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { reloadOnBreakpointChange, shouldOpenInPhoneFrame } from './lib/desktop';
import { initialPath, preloadInitialPage, warmTopLayoutOnFirstTap } from './router/pages';
import { bannerQuery } from './pages/home/Banners';
import { App, queryClient } from './App';

// antd-mobile's render hook for Toast / Dialog is set in ui/imperative.ts, where they are taken from.

const rootEl = document.getElementById('root')!;
reloadOnBreakpointChange();

function startApp() {
  preloadInitialPage();
  // the home's largest paint is its first banner: ask for the list alongside POST /api/app
  // rather than after it (the query the banner box then reads, not a second call)
  if (initialPath() === '/') void queryClient.prefetchQuery(bannerQuery);
  warmTopLayoutOnFirstTap();
  const root = createRoot(rootEl);
  // a transition: React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, instead of one task that blocks a slow phone for the whole render
  // (issue 37: Lighthouse's total blocking time); what is on screen stays until it commits
  startTransition(() => root.render(<App />));
}

if (shouldOpenInPhoneFrame()) {
  // the frame's code is fetched on desktop only (the boot splash shows meanwhile); should it
  // fail to load, the app runs full width rather than leave the splash up
  import('./lib/phoneFrame').then((m) => m.mountPhoneFrame(rootEl), startApp);
} else {
  startApp();
}
