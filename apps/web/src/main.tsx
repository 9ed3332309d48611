import './styles/global.css';
import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import { mountPhoneFrame, reloadOnBreakpointChange, shouldOpenInPhoneFrame } from './lib/desktop';
import { preloadInitialPage } from './router/pages';
import { App } from './App';

// React 19: antd-mobile's imperative Toast / Dialog render through createRoot (STACK.md).
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { __admRoot?: Root };
  host.__admRoot ??= createRoot(host);
  const root = host.__admRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.__admRoot;
  };
});

const rootEl = document.getElementById('root')!;
reloadOnBreakpointChange();

if (shouldOpenInPhoneFrame()) {
  mountPhoneFrame(rootEl);
} else {
  preloadInitialPage();
  createRoot(rootEl).render(<App />);
}
