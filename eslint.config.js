import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of docs/architecture.md, enforced: imports point down only.
 * Each entry forbids what a folder may not reach; gitignore-style patterns
 * match the import path as written.
 */
const restrict = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map(([group, message]) =>
        group instanceof RegExp ? { regex: group.source, message } : { group: [group].flat(), message },
      ),
    },
  ],
});

const NOT_APP = [['**/app/**', 'server/ and common/ never import the web app (app/).']];
const NOT_SERVER = [['**/server/**', 'common/ is shared by both sides and imports neither (server/).']];

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'coverage/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn'] }],
      // A cycle is two modules that cannot be understood, tested or loaded
      // apart; lazy imports (`import()`) are cycles too.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/helpers/*.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['common/**'],
    rules: restrict(...NOT_APP, ...NOT_SERVER),
  },
  {
    files: ['server/**'],
    rules: restrict(...NOT_APP),
  },
  {
    // The bottom layer: tables and queries only.
    files: ['server/db/**'],
    rules: restrict(...NOT_APP, [
      ['**/http/**', '**/api/**', '**/services/**', '**/payments/**', '**/storage/**', '**/auth/**', '**/mail/**', '**/newsletter/**', '**/deps.ts'],
      'server/db is the bottom layer: it imports nothing above it (http, api, services, domains).',
    ]),
  },
  {
    files: ['server/services/**', 'server/payments/**', 'server/storage/**', 'server/auth/**', 'server/mail/**', 'server/newsletter/**'],
    rules: restrict(...NOT_APP, [
      ['**/api/**', '../http/**'],
      'Domain code does not know HTTP: throw a DomainError, server/http maps it to a status.',
    ]),
  },
  {
    // Handlers speak HTTP and call services; the database is reached through them.
    files: ['server/api/**'],
    rules: restrict(...NOT_APP, [['**/db/**'], 'API handlers reach the database through a service (server/services).']),
  },
  {
    // Browser code: everything in app/ but the server-only page modules.
    files: ['app/**'],
    ignores: ['app/**/*.server.ts', 'app/**/*.server.tsx', 'app/load-context.ts'],
    rules: restrict([['**/server/**'], 'Browser code never imports server/: only app/**/*.server.ts modules call the services.']),
  },
  {
    // Server-only page modules: the services and nothing else of the server.
    files: ['app/**/*.server.ts', 'app/**/*.server.tsx', 'app/load-context.ts'],
    rules: restrict([
      /(^|\/)server\/(?!services\/)/,
      'Pages reach the server only through its services (server/services).',
    ]),
  },
  {
    // Helpers of the browser code do not depend on its components or routes.
    files: ['app/lib/**'],
    ignores: ['app/lib/**/*.server.ts', 'app/lib/**/*.server.tsx'],
    rules: restrict(
      [['**/server/**'], 'Browser code never imports server/: only app/**/*.server.ts modules call the services.'],
      [['**/components/**', '**/routes/**'], 'app/lib holds helpers: it does not import components or routes.'],
    ),
  },
);
