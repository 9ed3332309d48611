import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

/** libraries only one screen uses: the dashboard's chart, the content editor, the second-factor QR code */
const ONE_SCREEN_LIBS = /node_modules[\\/](echarts|zrender|echarts-for-react|size-sensor|tslib|@tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname|markdown-it|qrcode|dijkstrajs|pngjs)[\\/]/;

export default defineConfig(({ mode }) => {
  // API_TARGET (environment or .env): where the dev server sends /admin/api (default: the local server)
  const apiTarget = loadEnv(mode, '.', '').API_TARGET || 'http://127.0.0.1:3000';
  const proxy = { '/admin/api': { target: apiTarget, changeOrigin: true }, '/api/captcha': { target: apiTarget, changeOrigin: true } };
  return {
    // served by our server under /admin/ (apps/server/src/http/static.ts serveAdminApp)
    base: '/admin/',
    plugins: [react()],
    resolve: {
      // the workspace root holds an older React hoisted for antd-mobile's peers: use ours only;
      // echarts and zrender each bring their own copy of tslib: one is enough
      dedupe: ['react', 'react-dom', 'tslib'],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2020',
      cssCodeSplit: true,
      // antd and echarts are big by nature; each route loads only what it draws
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // the libraries every screen shares (React, the router, antd and its parts, the
                // query cache, zod): one file, downloaded with the first screen and cached after,
                // so the next screen brings only its own code instead of a dozen antd pieces
                // named after whichever component needed them first. Libraries of one screen
                // (the chart, the rich-text editor, QR codes) stay with the screen that draws them.
                name: 'vendor',
                test: (id: string) => /node_modules[\\/]/.test(id) && !ONE_SCREEN_LIBS.test(id),
              },
            ],
          },
        },
      },
    },
    server: { host: '0.0.0.0', port: 5174, proxy },
  };
});
