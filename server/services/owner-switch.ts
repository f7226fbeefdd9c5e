/**
 * An owner's on/off switch kept in the site settings (counting page views
 * and clicks, reading campaign pages): read through a short cache, so every
 * server applies another's change within SWITCH_CACHE_MS, and written with
 * an entry in the audit log.
 */
import type { z } from 'zod';
import { validate } from '../../common/validate.ts';
import type { Caller, Staff } from '../auth/caller.ts';
import { nowSeconds } from '../db/database.ts';
import { readSiteSetting, writeSiteSetting } from '../db/queries/site-settings.ts';
import type { Db } from '../db/schema.ts';
import type { AuditLogService } from './site/audit-log.ts';

/** Another server's change of a switch applies within this long. */
export const SWITCH_CACHE_MS = 5_000;

export interface SwitchState {
  enabled: boolean;
}

/** The stored value: `{ "enabled": true | false }`; anything else is the default. */
function parseSwitch(text: string | undefined, enabledByDefault: boolean): SwitchState {
  if (!text) return { enabled: enabledByDefault };
  try {
    const enabled = (JSON.parse(text) as { enabled?: unknown } | null)?.enabled;
    return { enabled: typeof enabled === 'boolean' ? enabled : enabledByDefault };
  } catch {
    return { enabled: enabledByDefault };
  }
}

export function ownerSwitch(
  { db, audit }: { db: Db; audit: AuditLogService },
  { key, enabledByDefault, schema }: { key: string; enabledByDefault: boolean; schema: z.ZodType<SwitchState> },
) {
  let kept: { readAt: number; value: SwitchState } | null = null;

  /** The switch, from the cache unless `fresh` or older than SWITCH_CACHE_MS. */
  async function read(fresh = false): Promise<SwitchState> {
    const nowMs = Date.now();
    if (!fresh && kept && nowMs - kept.readAt < SWITCH_CACHE_MS) return kept.value;
    const value = parseSwitch(await readSiteSetting(db, key), enabledByDefault);
    kept = { readAt: nowMs, value };
    return value;
  }

  /** Sets the switch from a request's values and audits the change; answers the state before and after. */
  async function write(staff: Staff, values: unknown, caller: Caller): Promise<{ before: SwitchState; after: SwitchState }> {
    const next = validate(schema, values);
    const before = await read(true);
    await writeSiteSetting(db, { key, value: JSON.stringify({ enabled: next.enabled }), now: nowSeconds(), userId: staff.userId });
    kept = null;
    await audit.record({
      userId: staff.userId,
      userEmail: staff.email,
      ipAddress: caller.clientIp,
      action: 'settings.update',
      entity: 'settings',
      entityId: key,
      detail: { enabled: { from: before.enabled, to: next.enabled } },
    });
    return { before, after: { enabled: next.enabled } };
  }

  return { read, write };
}
