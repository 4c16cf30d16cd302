import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app is served under /app/ by services/web; its build goes to services/web/dist.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: process.env.WEB_BUILD_OUT_DIR || fileURLToPath(new URL('../dist', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // CSP has no 'unsafe-inline': nothing may be inlined into index.html as a data: script.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': process.env.GATEWAY_URL || 'http://127.0.0.1:8080' } },
});
