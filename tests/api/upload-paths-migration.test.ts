/**
 * The upload-paths migration (docs/decisions/045): absolute addresses of
 * this site's uploads, as the old upload helper stored them with whatever
 * host the editor was on, become paths in covers, bodies, kept revisions
 * and the logo; other sites' images and other addresses stay. Runs on
 * SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { migrationsFor } from '../../server/db/migrate.ts';
import { uploadAddressRewriter, uploadPathsMigration } from '../../server/db/migrations/2026-11-28-0018-upload-paths.ts';
import { insertPost } from '../../server/db/queries/posts.ts';
import { insertResource } from '../../server/db/queries/resources.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const KEY = 'uploads/2026/11/0123456789abcdef01234567-cover.png';
const PUBLIC_URL = 'https://showcase.example';

describe('uploadAddressRewriter', () => {
  const rewrite = uploadAddressRewriter(PUBLIC_URL);

  it.each([
    [`http://127.0.0.1:4100/${KEY}`, `/${KEY}`],
    [`http://localhost:3000/${KEY}`, `/${KEY}`],
    [`HTTP://LOCALHOST/${KEY}`, `/${KEY}`],
    [`http://[::1]:3000/${KEY}`, `/${KEY}`],
    [`https://showcase.example/${KEY}`, `/${KEY}`],
    [`https://showcase.example:8443/${KEY}`, `/${KEY}`],
  ])('makes %s a path', (address, path) => {
    expect(rewrite(address)).toBe(path);
  });

  it.each([
    `https://cdn.example.com/${KEY}`,
    `https://showcase.example.evil.example/${KEY}`,
    'http://localhost:3000/images/demo/x.webp',
    'https://showcase.example/about',
    `/${KEY}`,
  ])('leaves %s alone', (address) => {
    expect(rewrite(address)).toBe(address);
  });
});

describe('the migration', () => {
  it('is one of the migrations, after the rendered bodies', () => {
    const names = Object.keys(migrationsFor(t.handle.engine));
    expect(names).toContain('2026-11-28-0018-upload-paths');
    expect(names.indexOf('2026-11-28-0018-upload-paths')).toBeGreaterThan(names.indexOf('2026-11-25-0015-rendered-content'));
  });

  it("rewrites this site's upload addresses in covers, bodies, revisions and the logo, and nothing else", async () => {
    const { db } = t.handle;
    const body = `Before.\n\n![A lantern](http://127.0.0.1:4100/${KEY})\n\n![Elsewhere](https://cdn.example.com/x.png) [About](https://showcase.example/about)`;
    const post = await insertPost(db, {
      slug: 'old-lantern',
      title: 'Old Lantern',
      status: 'published',
      excerpt: null,
      content: body,
      cover_image: `http://127.0.0.1:4100/${KEY}`,
      campaign_url: null,
      sponsored: false,
      read_time: 3,
      published_at: 1_700_000_000,
      category_ids: [],
    });
    await db.updateTable('posts').set({ content_html: '<p>old</p>', content_html_key: 'old' }).where('id', '=', post.id).execute();
    const elsewhere = await insertResource(db, {
      slug: 'elsewhere-guide',
      title: 'Elsewhere Guide',
      status: 'draft',
      excerpt: null,
      content: 'Nothing of ours.',
      cover_image: 'https://cdn.example.com/guide.png',
      read_time: null,
      published_at: null,
      category_id: null,
    });
    await db.updateTable('resources').set({ content_html: '<p>kept</p>', content_html_key: 'kept' }).where('id', '=', elsewhere.id).execute();
    await insertResource(db, {
      slug: 'our-guide',
      title: 'Our Guide',
      status: 'draft',
      excerpt: null,
      content: 'Plain.',
      cover_image: `https://showcase.example/${KEY}`,
      read_time: null,
      published_at: null,
      category_id: null,
    });
    await db
      .insertInto('content_revisions')
      .values({
        content_type: 'post',
        content_id: post.id,
        version: 1,
        snapshot: JSON.stringify({ title: 'Old Lantern', cover_image: `http://localhost:3000/${KEY}`, content: `![x](http://localhost:3000/${KEY})` }),
        saved_by: null,
        saved_at: 1_700_000_000,
      })
      .execute();
    await db
      .insertInto('site_settings')
      .values({ key: 'site', value: JSON.stringify({ site_name: 'Lantern Reviews', logo_url: `http://127.0.0.1:4100/${KEY}`, version: 3 }), updated_at: 1, updated_by: null })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ site_name: 'Lantern Reviews', logo_url: `http://127.0.0.1:4100/${KEY}`, version: 3 }) }))
      .execute();

    await uploadPathsMigration(PUBLIC_URL).up(db);

    const postRow = await db.selectFrom('posts').selectAll().where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(postRow.cover_image).toBe(`/${KEY}`);
    expect(postRow.content).toBe(`Before.\n\n![A lantern](/${KEY})\n\n![Elsewhere](https://cdn.example.com/x.png) [About](https://showcase.example/about)`);
    // Its stored HTML held the old address: rendered anew.
    expect(postRow.content_html).toBeNull();
    expect(postRow.content_html_key).toBeNull();
    expect(postRow.updated_at).toBe(post.updated_at);

    const resources = await db.selectFrom('resources').select(['slug', 'cover_image', 'content_html']).orderBy('slug').execute();
    expect(resources).toEqual([
      { slug: 'elsewhere-guide', cover_image: 'https://cdn.example.com/guide.png', content_html: '<p>kept</p>' },
      { slug: 'our-guide', cover_image: `/${KEY}`, content_html: null },
    ]);

    const revision = await db.selectFrom('content_revisions').select('snapshot').where('content_id', '=', post.id).executeTakeFirstOrThrow();
    expect(JSON.parse(revision.snapshot)).toEqual({ title: 'Old Lantern', cover_image: `/${KEY}`, content: `![x](/${KEY})` });

    const settings = await db.selectFrom('site_settings').select('value').where('key', '=', 'site').executeTakeFirstOrThrow();
    expect(JSON.parse(settings.value)).toEqual({ site_name: 'Lantern Reviews', logo_url: `/${KEY}`, version: 3 });

    // Run again, it finds nothing to change.
    await uploadPathsMigration(PUBLIC_URL).up(db);
    expect((await db.selectFrom('posts').select('content').where('id', '=', post.id).executeTakeFirstOrThrow()).content).toBe(postRow.content);
  });
});
