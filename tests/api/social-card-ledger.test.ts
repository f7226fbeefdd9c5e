/**
 * Rendered social cards in storage: each edit of what a card shows stores a
 * new version, and the one it replaced is removed by the hourly maintenance
 * once the replacement is an hour old; never the current one, and never a
 * version another server has just stored again.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../server/db/database.ts';
import { recordStoredCard } from '../../server/db/queries/social-cards.ts';
import type { AppDeps } from '../../server/deps.ts';
import { runMaintenance } from '../../server/maintenance.ts';
import { MediaStorage } from '../../server/storage/media.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const HOUR = 60 * 60;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let dataDir: string;
let media: MediaStorage;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-cards-'));
  const deps: AppDeps = { ...t.deps, config: { ...t.deps.config, DATA_DIR: dataDir } };
  media = new MediaStorage(deps);
});

afterAll(async () => {
  await t?.close();
});

/** A fresh card version (hex, as the drawing's hash is). */
const nextVersion = () => {
  counter += 1;
  return `${counter.toString(16).padStart(4, '0')}${'ab'.repeat(8)}`;
};
const isStored = (version: string) => existsSync(path.join(dataDir, 'cards', `${version}.png`));
const ledgerOf = (subject: string) =>
  t.handle.db.selectFrom('social_cards').select('version').where('subject', '=', subject).orderBy('version').execute();
/** Dates a card's row back, as if it had been stored `seconds` ago. */
const storedAgo = (version: string, seconds: number) =>
  t.handle.db.updateTable('social_cards').set({ stored_at: nowSeconds() - seconds }).where('version', '=', version).execute();

describe('superseded social cards', () => {
  it('are removed an hour after a newer version of the same subject was stored, and the current one stays', async () => {
    const [first, second, current, other] = [nextVersion(), nextVersion(), nextVersion(), nextVersion()];
    await media.storeCard({ version: first, subject: 'post:1' }, PNG);
    await media.storeCard({ version: second, subject: 'post:1' }, PNG);
    await media.storeCard({ version: current, subject: 'post:1' }, PNG);
    await media.storeCard({ version: other, subject: 'post:2' }, PNG);
    await storedAgo(first, 3 * HOUR);
    await storedAgo(second, 2 * HOUR);
    await storedAgo(other, 3 * HOUR);

    // The newest replacement is only just stored: `second` is kept a while, `first` (replaced by `second` two hours ago) goes.
    expect(await media.forgetSupersededCards()).toBe(1);
    expect([first, second, current, other].map(isStored)).toEqual([false, true, true, true]);

    await storedAgo(current, HOUR);
    expect(await media.forgetSupersededCards()).toBe(1);
    expect([second, current, other].map(isStored)).toEqual([false, true, true]);
    expect(await ledgerOf('post:1')).toEqual([{ version: current }]);
    // A subject with one version keeps it, however old.
    expect(await ledgerOf('post:2')).toEqual([{ version: other }]);
    expect(await media.forgetSupersededCards()).toBe(0);
  });

  it('keep a version another server stored again since it was replaced', async () => {
    const [old, current] = [nextVersion(), nextVersion()];
    await media.storeCard({ version: old, subject: 'resource:7' }, PNG);
    await media.storeCard({ version: current, subject: 'resource:7' }, PNG);
    await storedAgo(old, 3 * HOUR);
    await storedAgo(current, 2 * HOUR);
    // A server drawing from data read before the edit stores the old version again: it is the newest now.
    await recordStoredCard(t.handle.db, { version: old, subject: 'resource:7', storedAt: nowSeconds() });

    await media.forgetSupersededCards();
    expect(isStored(old)).toBe(true);
    expect(await ledgerOf('resource:7')).toEqual([{ version: old }, { version: current }].sort((a, b) => a.version.localeCompare(b.version)));
  });

  it('go with the hourly maintenance', async () => {
    const [old, current] = [nextVersion(), nextVersion()];
    await media.storeCard({ version: old, subject: 'site' }, PNG);
    await media.storeCard({ version: current, subject: 'site' }, PNG);
    await storedAgo(old, 3 * HOUR);
    await storedAgo(current, 2 * HOUR);
    await runMaintenance({ db: t.handle.db, logger: t.deps.logger, media });
    expect([old, current].map(isStored)).toEqual([false, true]);
  });
});
