import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint/no-import-cycle.js';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** The domain folders beside the services (docs/architecture.md). */
const DOMAINS = ['payments', 'storage', 'auth', 'mail', 'jobs', 'newsletter', 'social-cards', 'markdown', 'campaigns', 'analytics', 'private-links', 'follows', 'cdn', 'outbound', 'webhooks'];
/** Files at the top of server/ that every server layer may use. */
const TOOLBOX = ['config.ts', 'logger.ts', 'lazy-module.ts', 'private-files.ts', 'freshness/**', 'segmented-lru.ts', 'site-profile.ts', 'page-render-counts.ts'];

/**
 * The layers of docs/architecture.md, declared once: each file belongs to
 * the first element type whose pattern matches it, and `LAYER_RULES` says
 * which types each may not import. Imports are checked on the file they
 * resolve to, so no spelling of a path slips past, and type-only imports
 * count as much as any other: a type pulled from above is a dependency on
 * above (decision 058). A file of app/, common/ or server/ that no layer
 * declares is refused, and so is an import, from any layer, of a file no
 * layer declares or that does not resolve to a file (there is no path
 * alias): a new folder is declared here, with its rules, before it is used.
 */
const LAYERS = [
  { type: 'common', pattern: 'common/**', mode: 'full' },
  // The page modules have a folder of their own (decision 091); the streaming
  // render and the load context sit where React Router looks for them.
  { type: 'page-module', pattern: ['app/server/**', 'app/entry.server.tsx', 'app/load-context.ts'], mode: 'full' },
  { type: 'app-lib', pattern: 'app/lib/**', mode: 'full' },
  { type: 'app', pattern: 'app/**', mode: 'full' },
  { type: 'db', pattern: 'server/db/**', mode: 'full' },
  { type: 'http', pattern: 'server/http/**', mode: 'full' },
  { type: 'api', pattern: 'server/api/**', mode: 'full' },
  { type: 'services', pattern: 'server/services/**', mode: 'full' },
  { type: 'domain', pattern: `server/{${DOMAINS.join(',')}}/**`, mode: 'full' },
  { type: 'cli', pattern: 'server/cli/**', mode: 'full' },
  { type: 'deps', pattern: 'server/deps.ts', mode: 'full' },
  { type: 'toolbox', pattern: TOOLBOX.map((file) => `server/${file}`), mode: 'full' },
  // Every other file at the top of server/ builds and starts the app.
  { type: 'wiring', pattern: 'server/*.{ts,tsx}', mode: 'full' },
  { type: 'package-types', pattern: 'server/types/*.d.ts', mode: 'full' },
];

const SERVER = ['db', 'http', 'api', 'services', 'domain', 'cli', 'deps', 'toolbox', 'wiring', 'package-types'];
const APP = ['page-module', 'app-lib', 'app'];

/** [importing type, the types it never imports, why]: docs/architecture.md's table. */
const LAYER_RULES = [
  ['common', [...APP, ...SERVER], 'common/ is shared by the browser and the server: it imports neither app/ nor server/.'],
  ['db', [...APP, 'http', 'api', 'services', 'domain', 'cli', 'deps', 'wiring'], 'server/db is the bottom layer: it imports nothing above it.'],
  ['toolbox', [...APP, 'http', 'api', 'services', 'domain', 'cli', 'deps', 'wiring'], 'The server toolbox (config, logger, lazy modules, private files, content changes, the site profile) sits beside server/db and imports nothing above it.'],
  ['deps', [...APP, 'http', 'api', 'services', 'cli', 'wiring'], 'server/deps.ts is handed to every layer: it names types of the database, the toolbox and the domains only.'],
  ['domain', [...APP, 'http', 'api', 'services', 'cli', 'deps', 'wiring'], 'Domain code is called by the services, never the reverse, knows no HTTP (throw a DomainError, server/http maps it to a status) and takes what it needs as arguments, not the app\'s dependencies (server/deps.ts).'],
  ['services', [...APP, 'http', 'api', 'cli', 'wiring'], 'Services do not know HTTP: throw a DomainError, server/http maps it to a status.'],
  ['http', [...APP, 'api', 'cli', 'wiring'], 'server/http serves the handlers: it does not import them or the wiring.'],
  ['api', [...APP, 'db', 'cli', 'wiring'], 'API handlers reach the database through a service (server/services).'],
  ['cli', [...APP, 'http', 'api'], 'The command line does not speak HTTP.'],
  ['wiring', APP, 'server/ never imports the web app (app/).'],
  ['page-module', SERVER.filter((type) => type !== 'services'), 'Pages reach the server only through its services (server/services).'],
  ['app-lib', [...SERVER, 'app', 'page-module'], 'app/lib holds browser helpers: no server/, no components, routes or page modules.'],
  ['app', SERVER, 'Browser code never imports server/: only the page modules (app/server/) call the services.'],
  ['package-types', ['common', ...APP, ...SERVER], 'server/types declares the types of packages that ship none: it imports nothing of the project.'],
];

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'coverage/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { boundaries, local: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/root-path': ROOT,
      'boundaries/legacy-warnings': false,
      // What React Router and Vite make of a path, resolving to no file of
      // the tree: a route's own generated types and an asset's URL or text.
      'boundaries/flag-as-external': { customSourcePatterns: ['[.]/[+]types/*', '[.]/*.{css,svg}[?]url*', '{[.][.]/,[.][.]/[.][.]/}*.css[?]url', '[.]/*.css[?]inline'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn'] }],
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: LAYER_RULES.map(([from, never, message]) => ({ from: { type: from }, disallow: { to: { type: never } }, message })),
        },
      ],
      // A cycle is two modules that cannot be understood, tested or loaded
      // apart; lazy imports (`import()`) and type-only imports are cycles too.
      'local/no-import-cycle': 'error',
    },
  },
  {
    files: ['app/**', 'common/**', 'server/**'],
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': ['error', { require: 'element' }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/helpers/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
