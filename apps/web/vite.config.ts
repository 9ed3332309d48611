import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The contract package has no "sideEffects" field (its package.json belongs to the
 * whole workspace), so the bundler would keep every zod schema it declares in the
 * first chunk that imports any constant from it. Its modules only declare values:
 * mark them side-effect free so zod lands only in the chunks that validate forms.
 */
function contractIsPure(): Plugin {
  return {
    name: 'casino:contract-is-pure',
    enforce: 'post',
    transform(_code, id) {
      if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id)) return { code: _code, map: null, moduleSideEffects: false };
      return null;
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [react(), contractIsPure()],
  resolve: {
    // the workspace root holds an older React hoisted for antd-mobile's peers: use ours only
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2020',
    cssCodeSplit: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    host: '0.0.0.0',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
});
