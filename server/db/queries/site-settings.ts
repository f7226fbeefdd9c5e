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
