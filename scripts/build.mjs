// Compiles the server entry points into build/node/ with esbuild. Packages
// stay external: production installs them with `npm ci --omit=dev`.
import { build } from 'esbuild';
import { writeFileSync, mkdirSync } from 'node:fs';

export const ENTRY_POINTS = {
  server: 'server/index.ts',
  migrate: 'server/cli/migrate.ts',
  admin: 'server/cli/admin.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
};

export async function buildServer() {
  mkdirSync('build/node', { recursive: true });
  await build({
    entryPoints: ENTRY_POINTS,
    outdir: 'build/node',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  writeFileSync('build/node/.built', new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
}
