import { defineConfig, loadEnv, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routePreloadScript } from './src/build/route-preload.ts';
import { TOKEN_KEY } from './src/session/token.ts';
import { reactRouterProduction } from '../../scripts/react-router-production.mjs';

/** antd's style-hook factories: their second argument writes a component's CSS at runtime */
const STYLE_HOOKS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/**
 * issue 25: with theme.zeroRuntime (src/theme.ts) antd never calls the functions that write its
 * components' CSS (antd/dist/antd.css brings that CSS instead), yet they were 280 KB of the 1.7 MB
 * of JS every screen downloads and parses. Each style hook's CSS-writing argument becomes `() => []`,
 * so the build drops the code it alone used; the hooks, and the component tokens they turn into
 * CSS variables for our theme, stay.
 */
function antdZeroRuntime(): Plugin {
  return {
    name: 'antd-zero-runtime',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]antd[\\/]es[\\/]/, code: /gen(StyleHooks|ComponentStyleHook|SubStyleComponent)\(/ },
      handler(code) {
        const out = new MagicString(code);
        const visit = (node: unknown): void => {
          if (!node || typeof node !== 'object') return;
          if (Array.isArray(node)) return node.forEach(visit);
          const n = node as { type?: string; callee?: { type: string; name?: string }; arguments?: { start: number; end: number }[] };
          const styles = n.arguments?.[1];
          if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && STYLE_HOOKS.has(n.callee.name!) && styles) out.overwrite(styles.start, styles.end, '() => []');
          for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
        };
        visit(parseAst(code));
        return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
      },
    },
  };
}

/**
 * issue 37 point 5: a small script of our own in index.html that, on a signed-in cold load, asks
 * for the files of the screen at the page's address beside the first download instead of after
 * its evaluation (src/build/route-preload.ts says why). Each screen's files are its chunk and
 * every chunk it imports that the first download does not already bring.
 */
function routePreload(): Plugin {
  const routesDir = fileURLToPath(new URL('./src/routes/', import.meta.url));
  return {
    name: 'route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, seen = new Set<string>()) => {
        for (const f of byFile.get(fileName)?.imports ?? []) if (!seen.has(f)) closure(f, seen.add(f));
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry)!;
      const first = closure(entry.fileName).add(entry.fileName);
      /** a page module (under src/routes) -> its chunk and every chunk it imports that the first download does not bring */
      const filesOf = (spec: string) => {
        const id = path.join(routesDir, `${spec}.tsx`);
        // a screen also imported statically elsewhere (KeyChanges) lives in a shared chunk
        const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) return this.error(`route-preload: no chunk for ${id}`);
        return [chunk.fileName, ...closure(chunk.fileName)].filter((f) => !first.has(f)).map((f) => f.replace(/^assets\//, ''));
      };
      const table = fs.readFileSync(path.join(routesDir, 'screens.tsx'), 'utf8');
      const routes = [...table.matchAll(/\{ path: '([^']+)'[^\n]*?load: \(\) => import\('([^']+)'\)/g)].map(([, route, spec]) => ({ path: route, files: filesOf(spec) }));
      if (routes.length === 0) this.error('route-preload: no screens read from routes/screens.tsx');
      // the first sign-in page (router.tsx), before the screens' catch-all would not match it anyway
      routes.unshift({ path: '/setup', files: filesOf('./account/SetupPage') });
      const source = routePreloadScript(routes, '/admin/assets/', TOKEN_KEY, '/admin', filesOf('./login/LoginPage'));
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return this.error('route-preload: index.html is not in the bundle');
      const tag = `<script async src="/admin/${this.getFileName(ref)}"></script>`;
      html.source = String(html.source).replace(/(\s*)<script type="module"/, `$1${tag}$1<script type="module"`);
      if (!String(html.source).includes(tag)) this.error('route-preload: no module script in index.html to put the preload before');
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // API_TARGET (environment or .env): where the dev server sends /admin/api (default: the local server)
  const apiTarget = loadEnv(mode, '.', '').API_TARGET || 'http://127.0.0.1:3000';
  const proxy = { '/admin/api': { target: apiTarget, changeOrigin: true }, '/api/captcha': { target: apiTarget, changeOrigin: true } };
  return {
    // served by our server under /admin/ (apps/server/src/http/static.ts serveAdminApp)
    base: '/admin/',
    plugins: [react(), antdZeroRuntime(), routePreload()],
    resolve: {
      // the workspace root holds an older React hoisted for antd-mobile's peers: use ours only;
      // echarts and zrender each bring their own copy of tslib: one is enough
      dedupe: ['react', 'react-dom', 'tslib'],
      alias: command === 'build' ? [reactRouterProduction] : [],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2020',
      // antd's precompiled styles (antd/dist/antd.css) use logical properties (margin-inline-end,
      // inset-inline-start), as its runtime styles did: lowering them for browsers older than
      // antd 6 supports doubled the file (1.0 -> 1.8 MB)
      cssTarget: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
      cssCodeSplit: true,
      // antd and echarts are big by nature; each route loads only what it draws
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // React, the router and the query cache: what every screen runs. antd is left
                // to the bundler's own split, so a screen loads and runs only the components it
                // draws: one file of every antd component the app uses cost each cold load its
                // whole evaluation (issue 25, scripts/admin-speed.mjs: about 10% of a screen's
                // load on a 2-core machine, measured in two runs against the one-file build).
                name: 'vendor',
                test: (id: string) => /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(id),
              },
              {
                // every icon the app draws, in one file: the menu alone draws 50 of them, and one
                // file each made a screen's first load ask for a dozen files of one kilobyte or less,
                // each a request the browser and the server spend time on (issue 25)
                name: 'icons',
                test: (id: string) => /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/.test(id),
              },
            ],
          },
        },
      },
    },
    server: { host: '0.0.0.0', port: 5174, proxy },
  };
});
