/**
 * The back office's list search (`q`): every admin list filters on the
 * server, whatever the case, takes `%` and `_` as plain characters, keeps
 * paging within the matches, and refuses a search too long to be one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_SEARCH_MAX_LENGTH } from '../../common/schemas/search.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});

const get = (path: string, query: Record<string, string>) =>
  t.request('GET', `${path}?${new URLSearchParams(query).toString()}`, { token });

const stamp = Date.now().toString(36);

describe('searching posts and resources', () => {
  for (const [path, listKey] of [
    ['/admin/posts', 'posts'],
    ['/admin/resources', 'resources'],
  ] as const) {
    it(`${path} finds titles and slugs containing q, whatever the case, within a state, page by page`, async () => {
      const titles = [`Kickstarter Tips ${stamp}`, `KICKSTARTER tricks ${stamp}`, `Unrelated ${stamp}`, `100% funded ${stamp}`, `100 funded ${stamp}`];
      for (const [index, title] of titles.entries()) {
        const created = await t.request('POST', path, {
          token,
          body: { title, slug: `search-${listKey}-${stamp}-${index}`, content: 'Body', status: index === 1 ? 'published' : 'draft' },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
      }
      const titlesOf = (body: Record<string, { title: string }[]>) => body[listKey]?.map((row) => row.title);

      const found = await get(path, { q: `kickSTARTER` });
      expect(found.status).toBe(200);
      expect(titlesOf(found.body)?.sort()).toEqual([`KICKSTARTER tricks ${stamp}`, `Kickstarter Tips ${stamp}`]);
      // The slug counts too.
      expect(titlesOf((await get(path, { q: `search-${listKey}-${stamp}-2` })).body)).toEqual([`Unrelated ${stamp}`]);
      // With a state: both filters hold.
      expect(titlesOf((await get(path, { q: 'kickstarter', state: 'draft' })).body)).toEqual([`Kickstarter Tips ${stamp}`]);
      // `%` is a percent sign, not "anything".
      expect(titlesOf((await get(path, { q: `100%` })).body)).toEqual([`100% funded ${stamp}`]);
      // `_` is an underscore: no title has one.
      expect(titlesOf((await get(path, { q: `100_funded` })).body)).toEqual([]);

      // Paging runs within the matches.
      const first = await get(path, { q: 'kickstarter', limit: '1' });
      expect(titlesOf(first.body)).toHaveLength(1);
      expect(first.body.next_token).toEqual(expect.any(String));
      const second = await get(path, { q: 'kickstarter', limit: '1', next_token: first.body.next_token });
      expect(titlesOf(second.body)).toHaveLength(1);
      expect(second.body.next_token).toBeNull();
      expect([...(titlesOf(first.body) ?? []), ...(titlesOf(second.body) ?? [])].sort()).toEqual(titlesOf(found.body)?.sort());

      // An empty box is no filter.
      expect(titlesOf((await get(path, { q: '  ' })).body)?.length).toBeGreaterThanOrEqual(titles.length);
    });
  }

  it('refuses a q longer than the limit with 400', async () => {
    const answer = await get('/admin/posts', { q: 'x'.repeat(LIST_SEARCH_MAX_LENGTH + 1) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('q must be at most');
  });

  it('treats quotes and SQL in q as text', async () => {
    const answer = await get('/admin/posts', { q: `' or 1=1 --` });
    expect(answer.status).toBe(200);
    expect(answer.body.posts).toEqual([]);
  });
});

describe('searching the inbox', () => {
  it('finds contact messages by name, address or text', async () => {
    for (const [name, email, message] of [
      [`Ada Lovelace ${stamp}`, `ada.${stamp}@example.com`, 'About the engine'],
      [`Grace Hopper ${stamp}`, `grace.${stamp}@example.com`, 'Compilers and LOVE'],
    ]) {
      const sent = await t.request('POST', '/submissions/contact', { ip: freshIp(), body: { name, email, message } });
      expect(sent.status).toBe(201);
    }
    const names = async (query: Record<string, string>) =>
      ((await get('/admin/submissions/contact', query)).body.submissions as { name: string }[]).map((row) => row.name).sort();
    expect(await names({ q: 'LOVE' })).toEqual([`Ada Lovelace ${stamp}`, `Grace Hopper ${stamp}`]);
    expect(await names({ q: `GRACE.${stamp}` })).toEqual([`Grace Hopper ${stamp}`]);
    expect(await names({ q: 'engine', status: 'new' })).toEqual([`Ada Lovelace ${stamp}`]);
    expect(await names({ q: 'engine', status: 'read' })).toEqual([]);
  });

  it('finds sponsored submissions by project, contact or address', async () => {
    const sent = await t.request('POST', '/submissions/sponsored', {
      ip: freshIp(),
      body: {
        project_name: `Solar Kettle ${stamp}`,
        project_url: 'https://example.com/kettle',
        contact_name: 'Nikola',
        contact_email: `nikola.${stamp}@example.com`,
        terms_accepted: true,
      },
    });
    expect(sent.status).toBe(201);
    const projects = async (query: Record<string, string>) =>
      ((await get('/admin/submissions/sponsored', query)).body.submissions as { project_name: string }[]).map((row) => row.project_name);
    expect(await projects({ q: 'solar kettle' })).toEqual([`Solar Kettle ${stamp}`]);
    expect(await projects({ q: `NIKOLA.${stamp}` })).toEqual([`Solar Kettle ${stamp}`]);
    expect(await projects({ q: 'solar kettle', payment: 'paid' })).toEqual([]);
  });
});

describe('searching subscribers, staff and the audit log', () => {
  it('finds subscribers by address', async () => {
    for (const email of [`reader.${stamp}@example.com`, `other.${stamp}@example.org`]) {
      expect((await t.request('POST', '/submissions/newsletter', { ip: freshIp(), body: { email } })).status).toBe(201);
    }
    const answer = await get('/admin/submissions/newsletter', { q: `READER.${stamp}` });
    expect(answer.status).toBe(200);
    expect((answer.body.subscribers as { email: string }[]).map((row) => row.email)).toEqual([`reader.${stamp}@example.com`]);
    // The total and the tab counts stay those of the whole list.
    expect(answer.body.total).toBeGreaterThanOrEqual(2);
  });

  it('finds staff and pending invitations by name or address', async () => {
    await t.createUserWithRole(`searched.editor.${stamp}@example.com`, 'editor-password-1', 'editor');
    const invited = await t.request('POST', '/admin/users', { token, body: { email: `searched.invitee.${stamp}@example.com`, role: 'editor' } });
    expect(invited.status).toBe(201);
    const answer = await get('/admin/users', { q: `SEARCHED.` });
    expect(answer.status).toBe(200);
    expect((answer.body.users as { email: string }[]).map((row) => row.email)).toEqual([`searched.editor.${stamp}@example.com`]);
    expect((answer.body.invitations as { email: string }[]).map((row) => row.email)).toEqual([`searched.invitee.${stamp}@example.com`]);
    const everyone = await get('/admin/users', {});
    expect((everyone.body.users as unknown[]).length).toBeGreaterThan(1);
    expect((await get('/admin/users', { q: 'y'.repeat(LIST_SEARCH_MAX_LENGTH + 1) })).status).toBe(400);
  });

  it('finds audit entries by action, address or entity', async () => {
    const created = await t.request('POST', '/admin/posts', {
      token,
      body: { title: `Audited ${stamp}`, slug: `audited-${stamp}`, content: 'Body', status: 'draft' },
    });
    expect(created.status).toBe(201);
    const byEntity = await get('/admin/audit-log', { q: String(created.body.id), entity: 'post' });
    expect(byEntity.status).toBe(200);
    const entries = byEntity.body.entries as { action: string; entity_id: string | null }[];
    expect(entries.map((entry) => entry.entity_id)).toContain(String(created.body.id));
    const byAction = await get('/admin/audit-log', { q: 'POST.CREATE' });
    expect((byAction.body.entries as { action: string }[]).every((entry) => entry.action === 'post.create')).toBe(true);
    expect((byAction.body.entries as unknown[]).length).toBeGreaterThan(0);
    expect((await get('/admin/audit-log', { q: 'nothing-like-this' })).body.entries).toEqual([]);
  });
});
