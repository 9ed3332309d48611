import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { reactRouterProduction } from '../../scripts/react-router-production.mjs';

/** The few AST shapes read here (ESTree, from the bundler's own parser). */
type Name = { name?: string; value?: string };
type Specifier = { type: string; imported?: Name; local?: Name; exported?: Name };
type Node = { type: string; source?: { value: string } | null; specifiers?: Specifier[]; exported?: unknown; declaration?: unknown; importKind?: string; exportKind?: string };
const nameOf = (n?: Name) => n?.name ?? n?.value ?? 'default';

/** One static import: the module it names and the bindings it takes ('*': all of them). */
type Edge = { id: string; names: '*' | string[] };
/** A module made only of re-exports (a package's index, the contract's, the icons'). */
type Barrel = { named: Map<string, Edge>; stars: string[]; bare: string[] };

/**
 * Puts everything the start-up code imports statically (the shell, the home page and what
 * they use) into the entry file and its stylesheet, instead of the twenty-odd small shared
 * chunks the automatic splitting makes of it: each response carries about 0.8 KB of headers,
 * and one larger file compresses better than many small ones. The other pages, dialogs, forms
 * and the contract's zod schemas keep their automatic chunks and load on demand.
 *
 * "Imports statically" follows only the bindings a module takes from an index that merely
 * re-exports (antd-mobile's, the contract's): following all of an index's re-exports would
 * put the whole component kit and every schema into the first load. This relies on those
 * re-exported modules being free of side effects (their packages say so); one that is not runs
 * at start anyway and lands in a file of its own, which the first-load budget test would show.
 */
function firstLoadChunk(): Plugin {
  const boot = new Set<string>();
  return {
    name: 'first-load-chunk',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const ctx = this;
      const cache = new Map<string, Promise<{ edges: Edge[]; barrel: Barrel | null }>>();

      /** A module's static imports, and its re-exports when it is an index. */
      const read = (id: string) => {
        let result = cache.get(id);
        if (!result) {
          result = (async () => {
            const info = ctx.getModuleInfo(id);
            const imported = info?.importedIds ?? [];
            let body: Node[] = [];
            try {
              if (info?.code && /\.[cm]?[jt]sx?$/.test(id.split('?')[0])) body = ctx.parse(info.code).body as unknown as Node[];
            } catch {
              body = [];
            }
            const edges: Edge[] = [];
            const barrel: Barrel = { named: new Map(), stars: [], bare: [] };
            // an index re-exports (`export { a } from`), or imports and then exports (`export { a }`)
            const importedAs = new Map<string, Edge>();
            let isBarrel = body.length > 0;
            for (const node of body) {
              const withSource = node.type === 'ImportDeclaration' || ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source);
              if (!withSource || node.importKind === 'type' || node.exportKind === 'type') continue;
              const target = (await ctx.resolve(node.source!.value, id))?.id;
              if (!target || !imported.includes(target)) continue;
              const specs = node.specifiers ?? [];
              if (node.type === 'ExportAllDeclaration') {
                edges.push({ id: target, names: '*' });
                if (node.exported) isBarrel = false;
                else barrel.stars.push(target);
              } else if (node.type === 'ImportDeclaration' && specs.length === 0) {
                edges.push({ id: target, names: '*' });
                barrel.bare.push(target);
              } else if (node.type === 'ImportDeclaration') {
                const names = specs.map((s) => (s.type === 'ImportSpecifier' ? nameOf(s.imported) : s.type === 'ImportDefaultSpecifier' ? 'default' : '*'));
                specs.forEach((s, i) => importedAs.set(nameOf(s.local), { id: target, names: names[i] === '*' ? '*' : [names[i]] }));
                edges.push({ id: target, names: names.includes('*') ? '*' : names });
              } else {
                for (const s of specs) {
                  const edge: Edge = { id: target, names: [nameOf(s.local)] };
                  edges.push(edge);
                  barrel.named.set(nameOf(s.exported), edge);
                }
              }
            }
            for (const node of body) {
              if (node.type === 'ImportDeclaration' || node.source) continue;
              if (node.type !== 'ExportNamedDeclaration' || node.declaration) {
                isBarrel = false;
                continue;
              }
              for (const s of node.specifiers ?? []) {
                const from = importedAs.get(nameOf(s.local));
                if (from) barrel.named.set(nameOf(s.exported), from);
                else isBarrel = false;
              }
            }
            // what the declarations did not account for (CommonJS requires, stylesheets): all of it
            for (const dep of imported) if (!edges.some((e) => e.id === dep)) edges.push({ id: dep, names: '*' });
            return { edges, barrel: isBarrel ? barrel : null };
          })();
          cache.set(id, result);
        }
        return result;
      };

      // modules taken whole, and of an index the names taken from it so far
      const whole = new Set<string>();
      const partial = new Map<string, Set<string>>();
      const visit = async (id: string, names: '*' | string[]): Promise<void> => {
        if (whole.has(id)) return;
        const { edges, barrel } = await read(id);
        boot.add(id);
        if (!barrel || names === '*') {
          whole.add(id);
          for (const e of edges) await visit(e.id, e.names);
          return;
        }
        const seen = partial.get(id) ?? new Set<string>();
        partial.set(id, seen);
        // an index's bare imports (antd-mobile's global styles) run with it, whatever is taken
        for (const b of barrel.bare) await visit(b, '*');
        for (const name of names) {
          if (seen.has(name)) continue;
          seen.add(name);
          const named = barrel.named.get(name);
          const star = named ? undefined : barrel.stars.find((s) => ctx.getModuleInfo(s)?.exports?.includes(name));
          if (named) await visit(named.id, named.names);
          else if (star) await visit(star, [name]);
          else for (const s of barrel.stars) await visit(s, '*');
        }
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) await visit(id, '*');
    },
    outputOptions(options) {
      return {
        ...options,
        // on-demand files go by their hash alone: the start-up code lists every one of them
        // (the preload lists of the route table), and the names only added bytes there
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
        codeSplitting: {
          // the group holds the entry module, so its chunk is the entry file; the set is the
          // whole static closure already, hence no further dependencies to pull in
          groups: [{ name: 'boot', test: (id: string) => boot.has(id), includeDependenciesRecursively: false }],
        },
      };
    },
  };
}

/**
 * React Router's build names its contexts and components for the developer tools
 * (`Link.displayName = "Link"`), and React's constructors (createContext, forwardRef, memo) are
 * not known to be free of side effects. Either keeps a binding alive, so the router's
 * data-router and framework parts (forms, fetchers, prefetching, scroll restoration) stayed in
 * the first load although the site uses only HashRouter, useRoutes and the hooks. Dropping the
 * names and marking those calls pure lets tree-shaking remove what nothing uses (about 14 KB
 * before compression).
 */
function routerTreeShaking(): Plugin {
  return {
    name: 'router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        const out = code
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
          .replace(/\b(React\d*\.(?:createContext|forwardRef|memo)\()/g, '/* @__PURE__ */ $1');
        return { code: out, map: null };
      },
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // API_TARGET (environment or .env): where the dev server sends /api (default: the local server)
  const apiTarget = loadEnv(mode, '.', '').API_TARGET || 'http://127.0.0.1:3000';
  const proxy = { '/api': { target: apiTarget, changeOrigin: true } };
  return {
    base: './',
    // zod stays out of the first load: packages/contract declares "sideEffects": false
    plugins: [react(), routerTreeShaking(), firstLoadChunk()],
    resolve: {
      // the workspace root holds an older React hoisted for antd-mobile's peers: use ours only
      dedupe: ['react', 'react-dom'],
      alias: command === 'build' ? [reactRouterProduction] : [],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2020',
      cssCodeSplit: true,
      chunkSizeWarningLimit: 400,
      rolldownOptions: {
        // the icon modules only define components: those nobody imports need not run at start
        treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]components[\\/]icons[\\/]/, sideEffects: false }] },
      },
    },
    server: { host: '0.0.0.0', port: 5173, proxy },
    preview: { proxy },
  };
});
