// antd-mobile's base styles first, as before any of its components loads: the site's theme
// (styles/global.css) overrides its variables and link colour, so it must come after them
import 'antd-mobile/es/global';
import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { reloadOnBreakpointChange, shouldOpenInPhoneFrame } from './lib/desktop';
import { preloadInitialPage, warmTopLayoutOnFirstTap } from './router/pages';
import { App } from './App';

// antd-mobile's render hook for Toast / Dialog is set in ui/imperative.ts, where they are taken from.

const rootEl = document.getElementById('root')!;
reloadOnBreakpointChange();

function startApp() {
  preloadInitialPage();
  warmTopLayoutOnFirstTap();
  createRoot(rootEl).render(<App />);
}

if (shouldOpenInPhoneFrame()) {
  // the frame's code is fetched on desktop only (the boot splash shows meanwhile); should it
  // fail to load, the app runs full width rather than leave the splash up
  import('./lib/phoneFrame').then((m) => m.mountPhoneFrame(rootEl), startApp);
} else {
  startApp();
}
