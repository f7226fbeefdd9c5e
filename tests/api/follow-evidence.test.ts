/**
 * What staff and sponsors learn of a campaign's followers (decision 097):
 * the count on admin post answers only, never on public ones; the CSV of a
 * campaign's followers for owners and admins, its cells safe to open in a
 * spreadsheet; the count and the alert mails in the sponsor report's
 * builder. Runs on both engines (the api-postgres project).
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/emails.ts';
import { pruneExpiredRows } from '../../server/maintenance.ts';
import { follow, postWithCampaign } from '../helpers/follows.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: { NEWSLETTER_DOUBLE_OPT_IN: 'false' } });

describe('the followers of a campaign', () => {
  it('are counted on admin post answers only', async () => {
    const post = await postWithCampaign(t);
    const email = uniqueEmail('counted');
    await follow(t, post.slug, email);
    await follow(t, post.slug, uniqueEmail('counted'));
    await t.deps.jobs.whenIdle();

    const admin = await t.request('GET', `/admin/posts/${post.id}`, { token: await t.adminToken() });
    expect(admin.body.campaign.followers).toBe(2);
    const publicAnswer = await t.request('GET', `/posts/${post.slug}`);
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.body.campaign).not.toHaveProperty('followers');
    const list = await t.request('GET', '/posts');
    expect(JSON.stringify(list.body)).not.toContain('followers');
    expect(JSON.stringify(publicAnswer.body)).not.toContain(email);
  });

  it('export as CSV for owners and admins, formulas neutralised, and not for editors', async () => {
    const post = await postWithCampaign(t);
    const email = `=cmd${uniqueEmail('formula')}`;
    await follow(t, post.slug, email);
    const csv = await t.request('GET', `/admin/follows/${post.id}/export`, { token: await t.adminToken() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = String(csv.body).split('\r\n');
    expect(lines[0]).toBe('Email,Status,Asked,Confirmed,Ended');
    expect(lines[1]).toMatch(new RegExp(`^'${email.toLowerCase().replace(/[.+]/g, '\\$&')},following,`));

    await t.createUserWithRole('editor.follows@example.com', 'a long enough editor password', 'editor');
    const editor = await t.login('editor.follows@example.com', 'a long enough editor password');
    expect((await t.request('GET', `/admin/follows/${post.id}/export`, { token: editor.access_token })).status).toBe(403);
    expect((await t.request('GET', '/admin/follows/999999/export', { token: await t.adminToken() })).status).toBe(404);
  });

  it('lose their address 30 days after the follow ended, and still count', async () => {
    const post = await postWithCampaign(t);
    const gone = uniqueEmail('gone');
    const recent = uniqueEmail('recent');
    await follow(t, post.slug, gone);
    await follow(t, post.slug, recent);
    const now = Math.floor(Date.now() / 1000);
    await t.handle.db.updateTable('follows').set({ status: 'ended', ended_at: now - 31 * 24 * 3600 }).where('email', '=', gone).execute();
    await t.handle.db.updateTable('follows').set({ status: 'ended', ended_at: now - 29 * 24 * 3600 }).where('email', '=', recent).execute();
    await pruneExpiredRows(t.handle.db);
    const rows = await t.handle.db.selectFrom('follows').select(['email']).where('post_id', '=', post.id).orderBy('id').execute();
    expect(rows.map((row) => row.email)).toEqual([expect.stringMatching(/^forgotten-\d+$/), recent]);
    expect((await t.services.follows.followerCounts([post.id])).get(post.id)).toBe(2);
  });
});
