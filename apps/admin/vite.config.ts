import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ mode }) => {
  // API_TARGET (environment or .env): where the dev server sends /admin/api (default: the local server)
  const apiTarget = loadEnv(mode, '.', '').API_TARGET || 'http://127.0.0.1:3000';
  const proxy = { '/admin/api': { target: apiTarget, changeOrigin: true }, '/api/captcha': { target: apiTarget, changeOrigin: true } };
  return {
    // served by our server under /admin/ (apps/server/src/http/static.ts serveAdminApp)
    base: '/admin/',
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
      // antd and echarts are big by nature; each route loads only what it draws
      chunkSizeWarningLimit: 1200,
    },
    server: { host: '0.0.0.0', port: 5174, proxy },
  };
});
