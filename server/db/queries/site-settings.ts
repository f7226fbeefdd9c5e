/** Site-wide settings the owner changes from the back office: one JSON value per key. */
import type { Db } from '../schema.ts';

/** The stored JSON text of `key`, or undefined when it was never set. */
export async function readSiteSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSiteSetting(
  db: Db,
  setting: { key: string; value: string; now: number; userId: number | null },
): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key: setting.key, value: setting.value, updated_at: setting.now, updated_by: setting.userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: setting.value, updated_at: setting.now, updated_by: setting.userId }))
    .execute();
}

/**
 * Writes `key` only if it still holds `expected` (undefined: only if it was
 * never set); false when another save came first. One statement, so two
 * servers saving at once cannot both win.
 */
export async function replaceSiteSetting(
  db: Db,
  setting: { key: string; expected: string | undefined; value: string; now: number; userId: number | null },
): Promise<boolean> {
  const { key, expected, value, now, userId } = setting;
  if (expected === undefined) {
    const result = await db
      .insertInto('site_settings')
      .values({ key, value, updated_at: now, updated_by: userId })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await db
    .updateTable('site_settings')
    .set({ value, updated_at: now, updated_by: userId })
    .where('key', '=', key)
    .where('value', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * What changes whenever a setting is saved, for the fingerprint of cached
 * pages: the newest save time and the stored sizes (two saves in one second
 * rarely keep every size).
 */
export function siteSettingsStamp(db: Db) {
  return db
    .selectFrom('site_settings')
    .select((eb) => [eb.fn.max('updated_at').as('updated'), eb.fn.sum(eb.fn('length', ['value'])).as('size')])
    .executeTakeFirst();
}
