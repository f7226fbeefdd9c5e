import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The web app's build and dev server. Vitest reads vitest.config.ts instead,
// so the React Router plugin never runs inside the test runner.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    // The `~/*` path of tsconfig.json.
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  build: {
    // build/ also holds the server bundles (build/node); scripts/build-all.mjs
    // clears build/client and build/server itself before each web build.
    emptyOutDir: false,
  },
});
