import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rollup } from 'vite';

const appDirectory = fileURLToPath(new URL('./app/', import.meta.url));

/**
 * The routes a first visit most often lands on. The modules they import
 * (not themselves: each route stays its own file, which the route manifest
 * names) go into one `site` chunk rather than some thirty small ones:
 * compressed one by one, those cost about a third more bytes and one
 * request each. React and React Router get a chunk each: a module of no
 * manual chunk would be pulled into the `site` chunk of its first importer.
 */
const FIRST_VISIT_ROUTES = ['root.tsx', 'routes/site-layout.tsx', 'routes/home.tsx'].map(
  (route) => appDirectory + route,
);
const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;
const frameworkChunk = (id: string) => (id.includes('/node_modules/react-router/') ? 'router' : 'react');

/** Whether `id` is imported statically, directly or not, by one of the first-visit routes. */
function firstVisitModules(getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const reached = new Set<string>();
  const pending = [...FIRST_VISIT_ROUTES];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const imported of getModuleInfo(id)?.importedIds ?? []) {
      if (reached.has(imported) || FRAMEWORK.test(imported)) continue;
      reached.add(imported);
      pending.push(imported);
    }
  }
  for (const route of FIRST_VISIT_ROUTES) reached.delete(route);
  return reached;
}

// The web app's build and dev server. Vitest reads vitest.config.ts instead,
// so the React Router plugin never runs inside the test runner.
export default defineConfig(({ isSsrBuild }) => {
  let siteModules: Set<string> | undefined;
  return {
    plugins: [tailwindcss(), reactRouter()],
    ssr: {
      // Bundled into the server build rather than loaded whole at start: the
      // server uses a few dozen icons, three Radix primitives and one date-fns
      // function, and the packages' entry points load everything (about 60 MB
      // of resident memory between them).
      noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//, 'date-fns'],
    },
    build: {
      // build/ also holds the server bundles (build/node); scripts/build-all.mjs
      // clears build/client and build/server itself before each web build.
      emptyOutDir: false,
      rollupOptions: isSsrBuild
        ? {}
        : {
            output: {
              manualChunks(id, { getModuleInfo }) {
                // Known once every module is: Rollup asks only after loading them all.
                if (FRAMEWORK.test(id)) return frameworkChunk(id);
                siteModules ??= firstVisitModules(getModuleInfo);
                return siteModules.has(id) ? 'site' : undefined;
              },
            },
          },
    },
  };
});
