// Everything `npm run build` produces: the server bundles (and the web app
// once it exists).
import { buildServer } from './build.mjs';

export async function buildAll() {
  await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
