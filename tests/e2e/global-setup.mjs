// The browser tests run the production build, exactly as `npm start` serves
// it: built once per run when the sources are newer, then copied aside, so a
// rebuild started meanwhile (another suite, `npm start`) cannot swap the
// files under a running test. The copy gets the
// project's package.json (ESM) and a link to node_modules, which the server
// bundle imports at run time.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../scripts/build-all.mjs';

let siteDir;

export async function setup(project) {
  await buildIfStale();
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-e2e-build-'));
  for (const part of ['client', 'server', 'node']) {
    cpSync(path.join('build', part), path.join(siteDir, 'build', part), { recursive: true });
  }
  cpSync('package.json', path.join(siteDir, 'package.json'));
  symlinkSync(path.resolve('node_modules'), path.join(siteDir, 'node_modules'), 'dir');
  project.provide('siteDir', siteDir);
}

export async function teardown() {
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
}
