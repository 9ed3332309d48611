import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ mode }) => {
  // API_TARGET (environment or .env): where the dev server sends /api (default: the local server)
  const apiTarget = loadEnv(mode, '.', '').API_TARGET || 'http://127.0.0.1:3000';
  const proxy = { '/api': { target: apiTarget, changeOrigin: true } };
  return {
    base: './',
    // zod stays out of the first load: packages/contract declares "sideEffects": false
    plugins: [react()],
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
    server: { host: '0.0.0.0', port: 5173, proxy },
    preview: { proxy },
  };
});
