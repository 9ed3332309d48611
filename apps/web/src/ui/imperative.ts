import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// React 19: antd-mobile's imperative Toast / Dialog render through createRoot (STACK.md).
// Set up here, in the one module every Toast and Dialog is taken from, rather than at start:
// the hook's module carries antd-mobile's legacy render fallback and its Babel helpers, which
// the first screen does not need.
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

export { Dialog, Toast };
