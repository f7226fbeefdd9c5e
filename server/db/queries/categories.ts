import type { CategoryRow, Db } from '../schema.ts';

import type { CategoryJson } from '../../../common/answers.ts';

export type { CategoryJson };

const toCategoryJson = (row: CategoryRow): CategoryJson => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
});

export async function listCategories(db: Db): Promise<CategoryJson[]> {
  const rows = await db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map(toCategoryJson);
}

export async function findCategoryBySlug(db: Db, slug: string): Promise<CategoryJson | undefined> {
  const row = await db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row && toCategoryJson(row);
}

export async function findCategoryById(db: Db, id: string): Promise<CategoryJson | undefined> {
  const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toCategoryJson(row);
}

/** The ids among `ids` that name no category. */
export async function unknownCategoryIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('categories').select('id').where('id', 'in', ids).execute();
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}
