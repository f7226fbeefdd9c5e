// The SSR tests render pages from the production web build, exactly as the
// server does: build it once per run, and only when the sources are newer.
import { buildWebAppIfStale } from '../../scripts/build-all.mjs';

export async function setup() {
  await buildWebAppIfStale();
}
