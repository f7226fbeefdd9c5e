import type { Config } from '@react-router/dev/config';

// Server-rendered pages: search engines and link previews read the HTML.
// The build lands in build/client (browser files) and build/server (the
// request handler the Hono server imports at start).
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // React Router 7's defaults, written out so each v8 change is adopted on
  // purpose. v8_middleware in particular would turn the load context
  // (`{ deps }`, see app/load-context.ts) into a RouterContextProvider.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
