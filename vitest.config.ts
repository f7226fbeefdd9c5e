import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Eight projects: fast unit tests, the API suite on SQLite and the
// server-rendered pages (all three in `npm test`), browser journeys in
// Chromium (`npm run test:e2e`), the built server stopped and started under
// faults (`npm run test:faults`), two built servers on one PostgreSQL
// (`npm run test:cluster`), the same API suite unchanged on PostgreSQL, and
// the deployment files with the image built and run (`npm run test:image`).
export default defineConfig({
  test: {
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    // A worker per core. Vitest keeps one core for itself by default, which
    // on two cores left half the machine idle; the main process only
    // collects results here.
    maxWorkers: availableParallelism(),
    // Room for a test when another suite runs beside (CI, decision 105): a
    // bound on the run, not on the product's speed.
    testTimeout: 15_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/cli/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], env: { TEST_DB: 'sqlite' } },
      },
      {
        extends: true,
        test: {
          name: 'ssr',
          include: ['tests/ssr/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          // Builds the web app when its sources changed since the last build.
          globalSetup: ['tests/ssr/global-setup.mjs'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Builds the server and the web app when their sources changed.
          globalSetup: ['tests/e2e/global-setup.mjs'],
          // Each file runs its own server and browser: one at a time keeps
          // two cores from timing out.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          // The same copy of the built server as the browser tests.
          globalSetup: ['tests/e2e/global-setup.mjs'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          // Two built servers on one throwaway PostgreSQL (and S3 store).
          include: ['tests/cluster/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.mjs'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          // Each file has its own schema; two workers match the machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'deploy',
          // The image is built and run when podman and the base image are
          // there (scripts/docker-image-check.sh provides both).
          include: ['tests/deploy/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
