/**
 * The owner's security settings (site_settings key `security`), read on
 * every back-office call. Each process keeps them a few seconds only: a
 * change made on another server applies within that time, and one made on
 * this server at once.
 */
import type { SecuritySettingsJson } from '../../common/answers.ts';
import { readSiteSetting, writeSiteSetting } from '../db/queries/site-settings.ts';
import type { Db } from '../db/schema.ts';

const KEY = 'security';
const CACHE_MS = 5_000;
const DEFAULTS: SecuritySettingsJson = { require_totp: false };

/** Per database, so test apps side by side never share a value. */
const cache = new WeakMap<object, { readAt: number; value: SecuritySettingsJson }>();

function parse(text: string | undefined): SecuritySettingsJson {
  if (!text) return DEFAULTS;
  try {
    const value = JSON.parse(text) as Partial<SecuritySettingsJson> | null;
    return { require_totp: value?.require_totp === true };
  } catch {
    return DEFAULTS;
  }
}

/** The settings, from this process's copy when it is recent enough, unless `fresh` asks for the stored ones. */
export async function securitySettings(db: Db, fresh = false): Promise<SecuritySettingsJson> {
  const nowMs = Date.now();
  const cached = cache.get(db);
  if (!fresh && cached && nowMs - cached.readAt < CACHE_MS) return cached.value;
  const value = parse(await readSiteSetting(db, KEY));
  cache.set(db, { readAt: nowMs, value });
  return value;
}

export async function saveSecuritySettings(db: Db, value: SecuritySettingsJson, userId: number, now: number): Promise<void> {
  await writeSiteSetting(db, { key: KEY, value: JSON.stringify(value), now, userId });
  cache.delete(db);
}
