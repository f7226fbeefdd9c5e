/**
 * Uploads stored as paths (docs/decisions/045-upload-paths.md): the back
 * office used to store an upload as an absolute address built from the host
 * the editor was on (`http://127.0.0.1:4100/uploads/…`), which breaks once
 * the site moves to its domain. This rewrites such addresses of this site
 * to their path (`/uploads/…`) in posts' and resources' covers and bodies,
 * their kept revisions, and the site settings' logo.
 *
 * "This site" is any host the old code could have been reached at: the
 * loopback names, and the host of PUBLIC_URL when it is set. Only addresses
 * whose path starts with `/uploads/` change; other sites' images stay.
 * Bodies that change lose their stored rendering, so their pages render
 * them anew. Frozen: later changes get a new migration, never an edit here.
 */
import type { Kysely, Migration } from 'kysely';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]', '0.0.0.0'];
const CONTENT_TABLES = ['posts', 'resources'] as const;
const BATCH = 200;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The hosts this site's uploads may have been stored under. */
function siteHosts(publicUrl: string | undefined): string[] {
  const hosts = [...LOOPBACK_HOSTS];
  if (publicUrl) {
    try {
      const { hostname } = new URL(publicUrl);
      if (hostname && !hosts.includes(hostname)) hosts.push(hostname);
    } catch {
      // Not an address: the configuration refuses it at start anyway.
    }
  }
  return hosts;
}

/** Rewrites this site's absolute upload addresses in a text to their paths. */
export function uploadAddressRewriter(publicUrl: string | undefined): (text: string) => string {
  const hosts = siteHosts(publicUrl).map(escapeRegExp).join('|');
  const address = new RegExp(`https?://(?:${hosts})(?::\\d{1,5})?(?=/uploads/)`, 'gi');
  return (text) => text.replace(address, '');
}

interface ContentRow {
  id: number;
  cover_image: string | null;
  content: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a frozen migration does not know the app's table types
type AnyDb = Kysely<any>;

async function rewriteContent(db: AnyDb, table: (typeof CONTENT_TABLES)[number], rewrite: (text: string) => string) {
  let afterId = 0;
  for (;;) {
    const rows: ContentRow[] = await db
      .selectFrom(table)
      .select(['id', 'cover_image', 'content'])
      .where('id', '>', afterId)
      .where((eb) => eb.or([eb('cover_image', 'like', '%/uploads/%'), eb('content', 'like', '%/uploads/%')]))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      afterId = row.id;
      const cover = row.cover_image === null ? null : rewrite(row.cover_image);
      const content = rewrite(row.content);
      if (cover === row.cover_image && content === row.content) continue;
      await db
        .updateTable(table)
        .set({
          cover_image: cover,
          content,
          // The stored HTML carries the old addresses: rendered anew on the next read.
          ...(content === row.content ? {} : { content_html: null, content_html_key: null }),
        })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < BATCH) return;
  }
}

async function rewriteRevisions(db: AnyDb, rewrite: (text: string) => string) {
  let afterId = 0;
  for (;;) {
    const rows: { id: number; snapshot: string }[] = await db
      .selectFrom('content_revisions')
      .select(['id', 'snapshot'])
      .where('id', '>', afterId)
      .where('snapshot', 'like', '%/uploads/%')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      afterId = row.id;
      let snapshot: Record<string, unknown>;
      try {
        snapshot = JSON.parse(row.snapshot) as Record<string, unknown>;
      } catch {
        continue;
      }
      let changed = false;
      for (const field of ['cover_image', 'content']) {
        const value = snapshot[field];
        if (typeof value !== 'string') continue;
        const next = rewrite(value);
        if (next !== value) {
          snapshot[field] = next;
          changed = true;
        }
      }
      if (changed) await db.updateTable('content_revisions').set({ snapshot: JSON.stringify(snapshot) }).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) return;
  }
}

async function rewriteLogo(db: AnyDb, rewrite: (text: string) => string) {
  const row: { value: string } | undefined = await db.selectFrom('site_settings').select('value').where('key', '=', 'site').executeTakeFirst();
  if (!row) return;
  let settings: Record<string, unknown>;
  try {
    settings = JSON.parse(row.value) as Record<string, unknown>;
  } catch {
    return;
  }
  if (typeof settings.logo_url !== 'string') return;
  const logo = rewrite(settings.logo_url);
  if (logo === settings.logo_url) return;
  await db
    .updateTable('site_settings')
    .set({ value: JSON.stringify({ ...settings, logo_url: logo }) })
    .where('key', '=', 'site')
    .execute();
}

/** `publicUrl`: the site's configured address (PUBLIC_URL), whose host counts as this site's too. */
export function uploadPathsMigration(publicUrl: string | undefined = process.env.PUBLIC_URL): Migration {
  return {
    async up(db: AnyDb) {
      const rewrite = uploadAddressRewriter(publicUrl);
      for (const table of CONTENT_TABLES) await rewriteContent(db, table, rewrite);
      await rewriteRevisions(db, rewrite);
      await rewriteLogo(db, rewrite);
    },

    async down() {
      // Paths work wherever the site is served: there is nothing to put back.
    },
  };
}
