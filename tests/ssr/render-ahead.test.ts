/**
 * Pages rendered ahead of readers (decision 073): after a write, a durable
 * job renders the new post's page and the kept pages the write made out of
 * date, into the database, where another server (or this one after a
 * restart) answers them from without rendering.
 */
import { describe, expect, it } from 'vitest';
import { createPost } from '../helpers/posts.ts';
import { createSiteApp, useSiteApp, withoutNonces } from './site-app.ts';

const { t, site } = useSiteApp();

/** A published post named `title`, saved as an editor does: the save is what renders it ahead. */
const createTitled = (title: string) =>
  createPost(t, { title, excerpt: 'A post rendered before anyone asked.', cover_image: null, read_time: 1 });

/** Runs the render-ahead job once it is due (a short while after the write), and waits for its pages to be kept. */
async function renderAhead(path: string) {
  await expect
    .poll(
      async () => {
        await t.deps.jobs.whenIdle();
        return t.deps.db.selectFrom('rendered_pages').select('path').where('path', '=', path).executeTakeFirst();
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBeDefined();
}

describe('rendering ahead of readers', () => {
  it("keeps a new post's page before anyone asks, and another server answers it from there", async () => {
    const post = await createTitled('Rendered before anyone asked');
    await renderAhead(`/${post.slug}`);
    const kept = await t.deps.db.selectFrom('rendered_pages').selectAll().where('path', '=', `/${post.slug}`).executeTakeFirstOrThrow();
    expect(kept.status).toBe(200);
    const keptHtml = kept.body.toString('utf8');
    expect(keptHtml).toContain('Rendered before anyone asked');

    // Marked, to tell an answer from the store from a render.
    await t.deps.db
      .updateTable('rendered_pages')
      .set({ body: Buffer.from(keptHtml.replace('</body>', '<!-- kept --></body>'), 'utf8') })
      .where('path', '=', `/${post.slug}`)
      .execute();
    const other = await createSiteApp(t);
    const answer = await other.get(`/${post.slug}`);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<!-- kept -->');
    // The script nonce is a fresh one, and the policy carries it.
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    expect(keptHtml).not.toContain(`nonce="${nonce}"`);
    expect(answer.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
  });

  it('renders again the kept page an edit made out of date, and leaves the others', async () => {
    const edited = await createTitled('Before the edit');
    // A resource's page shows the resource alone: a post's edit leaves it as it is.
    const created = await t.request('POST', '/admin/resources', {
      token: await t.adminToken(),
      body: { title: 'Not edited', slug: 'rendered-ahead-resource', content: 'Text.', status: 'published' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const untouched = created.body as { slug: string };
    await renderAhead(`/${untouched.slug}`);
    await renderAhead(`/${edited.slug}`);
    const renderedAt = async (slug: string) =>
      (await t.deps.db.selectFrom('rendered_pages').select('rendered_at').where('path', '=', `/${slug}`).executeTakeFirstOrThrow()).rendered_at;
    const untouchedAt = await renderedAt(untouched.slug);

    const current = (await t.request('GET', `/admin/posts/${edited.id}`, { token: await t.adminToken() })).body;
    const saved = await t.request('PUT', `/admin/posts/${edited.id}`, { token: await t.adminToken(), body: { ...current, title: 'After the edit' } });
    expect(saved.status).toBe(200);
    await expect
      .poll(
        async () => {
          await t.deps.jobs.whenIdle();
          const row = await t.deps.db.selectFrom('rendered_pages').select('body').where('path', '=', `/${edited.slug}`).executeTakeFirst();
          return row?.body.toString('utf8').includes('After the edit');
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    expect(await renderedAt(untouched.slug)).toBe(untouchedAt);
    // The reader gets the edited page, the same as a render would give.
    const page = await site.get(`/${edited.slug}`);
    expect(withoutNonces(await page.text())).toContain('After the edit');
  });

  it("re-renders after a post's edit its page, the lists and the related blocks showing it: not every post page", async () => {
    // Posts without a category: their related blocks are drawn from the newest posts.
    const posts: { id: number; slug: string }[] = [];
    for (let n = 0; n < 6; n += 1) posts.push(await createTitled(`Without a category ${n}`));
    const [oldest] = posts;
    if (!oldest) throw new Error('no post');
    for (const post of posts) await renderAhead(`/${post.slug}`);
    expect((await site.get('/')).status).toBe(200);
    await renderAhead('/');
    await t.deps.jobs.whenIdle();

    // The kept pages that show the oldest of them: its own, and the lists of the newest posts.
    const kept = await t.deps.db.selectFrom('rendered_pages').select(['path', 'sources']).execute();
    const showing = kept.filter(({ sources }) => sources === null || sources.includes('"latest-posts"') || sources.includes(`"post:${oldest.id}"`));
    const postPages = posts.map((post) => `/${post.slug}`);
    expect(showing.map(({ path }) => path).filter((path) => postPages.includes(path))).toEqual([`/${oldest.slug}`]);
    expect(showing.map(({ path }) => path)).toContain('/');

    const before = t.deps.pageRenders.background.get('out_of_date') ?? 0;
    const current = (await t.request('GET', `/admin/posts/${oldest.id}`, { token: await t.adminToken() })).body;
    const saved = await t.request('PUT', `/admin/posts/${oldest.id}`, { token: await t.adminToken(), body: { ...current, title: 'The oldest, edited' } });
    expect(saved.status).toBe(200);
    await expect
      .poll(
        async () => {
          await t.deps.jobs.whenIdle();
          const row = await t.deps.db.selectFrom('rendered_pages').select('body').where('path', '=', `/${oldest.slug}`).executeTakeFirst();
          return row?.body.toString('utf8').includes('The oldest, edited');
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    await t.deps.jobs.whenIdle();
    expect((t.deps.pageRenders.background.get('out_of_date') ?? 0) - before).toBe(showing.length);
    // Six posts rendered ahead one by one, then an edit's: past the default timeout on a busy machine.
  }, 60_000);
});
