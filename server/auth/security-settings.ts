/**
 * The owner's security settings (site_settings key `security`), read on
 * every back-office call. Each app keeps them a few seconds only, in its own
 * `SecuritySettingsCache` (handed in through AppDeps): a change made on
 * another server applies within that time, and one made through this app at
 * once.
 */
import type { SecuritySettingsJson } from '../../common/answers.ts';
import { readSiteSetting, writeSiteSetting } from '../db/queries/site-settings.ts';
import type { Db } from '../db/schema.ts';

const KEY = 'security';
const CACHE_MS = 5_000;
const DEFAULTS: SecuritySettingsJson = { require_totp: false };

/** One app's recent copy of the settings. */
export class SecuritySettingsCache {
  kept: { readAt: number; value: SecuritySettingsJson } | null = null;
}

/** Where the settings are read from and kept. */
export interface SecuritySettingsStore {
  db: Db;
  securitySettingsCache: SecuritySettingsCache;
}

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
export async function securitySettings(
  { db, securitySettingsCache: cache }: SecuritySettingsStore,
  fresh = false,
): Promise<SecuritySettingsJson> {
  const nowMs = Date.now();
  const cached = cache.kept;
  if (!fresh && cached && nowMs - cached.readAt < CACHE_MS) return cached.value;
  const value = parse(await readSiteSetting(db, KEY));
  cache.kept = { readAt: nowMs, value };
  return value;
}

export async function saveSecuritySettings(
  { db, securitySettingsCache: cache }: SecuritySettingsStore,
  value: SecuritySettingsJson,
  userId: number,
  now: number,
): Promise<void> {
  await writeSiteSetting(db, { key: KEY, value: JSON.stringify(value), now, userId });
  cache.kept = null;
}
