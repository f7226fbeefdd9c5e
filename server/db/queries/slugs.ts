import type { Db } from '../schema.ts';

/**
 * Posts and resources share the `/{slug}` address space (the detail page
 * tries a post first, then a resource), so a slug must be unique across
 * both tables. Each table's unique index covers its own side.
 */
export async function isSlugTaken(
  db: Db,
  slug: string,
  except?: { table: 'posts' | 'resources'; id: number },
): Promise<boolean> {
  let posts = db.selectFrom('posts').select('id').where('slug', '=', slug);
  if (except?.table === 'posts') posts = posts.where('id', '!=', except.id);
  let resources = db.selectFrom('resources').select('id').where('slug', '=', slug);
  if (except?.table === 'resources') resources = resources.where('id', '!=', except.id);
  // One after the other: inside a transaction both share one connection, where
  // PostgreSQL runs them in turn anyway, and queries queued on a connection
  // that breaks hold up the rollback behind them (pg deprecates such queueing).
  if (await posts.executeTakeFirst()) return true;
  return Boolean(await resources.executeTakeFirst());
}

/**
 * The slugs of posts and resources that are `base` or `base-…`, in one
 * query: a new item's first free numbered slug is found from them. `base`
 * is a slug (letters, digits and hyphens), so it holds no LIKE wildcard.
 */
export async function listSlugsFrom(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('posts')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .unionAll(
      db
        .selectFrom('resources')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])),
    )
    .execute();
  return new Set(rows.map((row) => row.slug));
}
