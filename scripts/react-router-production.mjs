// React Router 7's package exports point at its development build only (remix-run/react-router
// issues 12532 and 14753), whose one difference is ENABLE_DEV_WARNINGS = true: route matching and
// navigation then build and check developer warnings on every call. Both apps' production builds
// take the production build, which the package also ships, by this alias.
import { createRequire } from 'node:module';
import path from 'node:path';

const dir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/** a vite `resolve.alias` entry: `react-router` -> its production build (for `vite build` only) */
export const reactRouterProduction = { find: /^react-router$/, replacement: path.join(dir, 'dist/production/index.mjs') };
