import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Modules run at build time, their exports inlined as constants: src/api/limits.ts reads the API's
 * limits from the OpenAPI document (390 KB), which the bundle would otherwise carry whole.
 */
function buildTimeConstants(modules: string[]): Plugin {
  const files = modules.map((module) => fileURLToPath(new URL(module, import.meta.url)));
  return {
    name: 'build-time-constants',
    async load(id) {
      if (!files.includes(id)) return null;
      const values: Record<string, unknown> = await import(pathToFileURL(id).href);
      return Object.entries(values)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}

// The app is served under /app/ by services/web; its build goes to services/web/dist.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  plugins: [react(), buildTimeConstants(['./src/api/limits.ts'])],
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
