/**
 * A post's markdown body is rendered when it is saved and stored with it
 * (decision 033): its page answers the stored HTML, never a rendering of
 * another body, and items saved before (or written past the service) are
 * rendered on their read as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostJson } from '../../common/answers.ts';
import { composeApp } from '../../server/start-up.ts';
import { markdownKey, renderMarkdownHtml } from '../../server/markdown/render.ts';
import { seedPost, useSiteApp } from './site-app.ts';

/** The article's markdown body. */
const bodyOf = (html: string) => html.match(/<div class="markdown">([\s\S]*?)<\/div>/)?.[1] ?? '';

const REVIEW = '## The plan\n\nA **solar** kit.\n\n| Pledge | Reward |\n| --- | --- |\n| $40 | One kit |\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))';

describe('markdown rendered on save', () => {
  const { t, site } = useSiteApp();
  let services: ReturnType<typeof composeApp>['services'];
  const storedOf = (id: number) =>
    t.deps.db.selectFrom('posts').select(['content_html', 'content_html_key']).where('id', '=', id).executeTakeFirstOrThrow();
  const save = (slug: string, content: string): Promise<PostJson> =>
    services.posts.create({ slug, title: 'Saved', excerpt: 'An excerpt.', content, status: 'published', read_time: 3 });

  beforeAll(() => {
    services = composeApp(t.deps).services;
  });

  it('stores the sanitised HTML of a created post, keyed by its body', async () => {
    const post = await save('saved-post', REVIEW);
    expect(await storedOf(post.id)).toEqual({ content_html: await renderMarkdownHtml(REVIEW), content_html_key: markdownKey(REVIEW) });
    const body = bodyOf(await (await site.get('/saved-post')).text());
    expect(body).toContain('<h2>The plan</h2>');
    expect(body).not.toContain('onerror');
    expect(body).not.toContain('javascript:');
  });

  it('answers the stored HTML on the page rather than rendering the body again', async () => {
    const post = await save('stored-post', 'The body as saved.');
    await t.deps.db.updateTable('posts').set({ content_html: '<p>kept when saved</p>' }).where('id', '=', post.id).execute();
    expect(bodyOf(await (await site.get('/stored-post')).text())).toBe('<p>kept when saved</p>');
  });

  it('stores the new HTML with an edit, and with a restored revision', async () => {
    const post = await save('edited-post', 'First body.');
    const edited = await services.posts.update(post.id, { ...post, content: 'Second **body**.', version: post.version });
    expect(await storedOf(post.id)).toEqual({
      content_html: '<p>Second <strong>body</strong>.</p>',
      content_html_key: markdownKey('Second **body**.'),
    });
    expect(bodyOf(await (await site.get('/edited-post')).text())).toBe('<p>Second <strong>body</strong>.</p>');
    const [revision] = (await services.posts.listRevisions(post.id)).revisions;
    await services.posts.restoreRevision(post.id, revision?.id ?? 0, { version: edited.version });
    expect(await storedOf(post.id)).toEqual({ content_html: '<p>First body.</p>', content_html_key: markdownKey('First body.') });
    expect(bodyOf(await (await site.get('/edited-post')).text())).toBe('<p>First body.</p>');
  });

  it('never answers HTML stored for another body: a body changed past the service is rendered afresh', async () => {
    const post = await save('changed-post', 'Old body.');
    await t.deps.db.updateTable('posts').set({ content: 'New **body**.' }).where('id', '=', post.id).execute();
    expect(bodyOf(await (await site.get('/changed-post')).text())).toBe('<p>New <strong>body</strong>.</p>');
  });

  it('renders a post stored without HTML (saved before it was stored) on its read', async () => {
    const row = await seedPost(t, { slug: 'older-post', title: 'Older', content: 'An *older* body.' });
    expect(await storedOf(row.id)).toEqual({ content_html: null, content_html_key: null });
    expect(bodyOf(await (await site.get('/older-post')).text())).toBe('<p>An <em>older</em> body.</p>');
  });
});
