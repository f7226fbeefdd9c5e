/**
 * Every kind of private link through the one module: issued, opened by its
 * token's hash alone (also on a server holding another key, where staff
 * read why it cannot be shown), reissued (the old token stops working) and
 * revoked. Runs on SQLite and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEALED_WITH_ANOTHER_KEY } from '../../server/auth/sealing.ts';
import { hashToken } from '../../server/auth/token-hash.ts';
import { creatorLinks, previewLinks, sponsorReportLinks } from '../../server/private-links/links.ts';
import { checkoutSubmission } from '../helpers/payments.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
const DAY = 24 * 60 * 60;
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
/** A link that was issued (its owner exists). */
function issued<T>(link: T | null): T {
  if (link === null) throw new Error('no link was issued');
  return link;
}
const anotherKey = () => ({ config: t.deps.config, totpEncryptionKey: new Uint8Array(randomBytes(32)) });

/** A draft post with a campaign; its id. */
async function postWithCampaign(slug: string): Promise<number> {
  const created = await t.request('POST', '/admin/posts', {
    token: await t.adminToken(),
    body: {
      title: `Private links ${slug}`,
      slug,
      content: 'Body.',
      status: 'draft',
      campaign_url: `https://www.kickstarter.com/projects/${slug}`,
      campaign: { platform: 'kickstarter', state: 'live' },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as number;
}

describe('private links', () => {
  it('give a creator link that opens by its hash alone, is shown to staff, and stops working when reissued or revoked', async () => {
    const db = t.handle.db;
    const links = creatorLinks(t.deps);
    const postId = await postWithCampaign('creator-link-kinds');
    const first = issued(await links.issue(db, postId, null));
    expect(first.url).toMatch(/\/campaign-update\/[A-Za-z0-9_-]{43}$/);
    const stored = await db.selectFrom('post_campaigns').select('update_token_hash').where('post_id', '=', postId).executeTakeFirstOrThrow();
    expect(stored.update_token_hash).toBe(hashToken(tokenOf(first.url)));
    expect(await links.open(db, tokenOf(first.url))).toEqual({ postId, expiresAt: first.expires_at });
    expect((await links.shown(db, [postId])).get(postId)).toEqual({ url: first.url, problem: null, expires_at: first.expires_at });

    // Another key still opens it, and tells staff why it cannot show it.
    const elsewhere = creatorLinks(anotherKey());
    expect(await elsewhere.open(db, tokenOf(first.url))).toEqual({ postId, expiresAt: first.expires_at });
    expect((await elsewhere.shown(db, [postId])).get(postId)).toEqual({ url: null, problem: SEALED_WITH_ANOTHER_KEY, expires_at: first.expires_at });
    expect((await elsewhere.current(db, [postId])).has(postId)).toBe(false);

    const second = issued(await links.reissue(db, postId, null));
    expect(second.url).not.toBe(first.url);
    expect(await links.open(db, tokenOf(first.url))).toBeUndefined();
    expect((await links.open(db, tokenOf(second.url)))?.postId).toBe(postId);
    expect((await links.current(db, [postId])).get(postId)?.url).toBe(second.url);

    expect(await links.revoke(db, postId)).toBe(true);
    expect(await links.open(db, tokenOf(second.url))).toBeUndefined();
    expect((await links.shown(db, [postId])).has(postId)).toBe(false);
    expect(await links.issue(db, 999_999, null)).toBeNull();
  });

  it('give a sponsor report link that opens by its hash alone, and stops working when reissued or revoked', async () => {
    const db = t.handle.db;
    const links = sponsorReportLinks(t.deps);
    const submissionId = await checkoutSubmission(
      t,
      { project_name: 'Kinds Lamp', project_url: 'https://example.com/kinds', contact_name: 'Ada Lovelace', contact_email: 'kinds.lamp@example.com', description: 'A lamp.' },
      { pay: true },
    );
    expect(await links.shown(db, submissionId)).toEqual({ url: null, problem: null });
    const first = issued(await links.issue(db, submissionId));
    expect(first).toMatch(/\/sponsor-report\/[A-Za-z0-9_-]{43}$/);
    expect(await links.open(db, tokenOf(first))).toBe(submissionId);
    expect(await links.current(db, submissionId)).toBe(first);
    expect(await sponsorReportLinks(anotherKey()).open(db, tokenOf(first))).toBe(submissionId);
    expect(await sponsorReportLinks(anotherKey()).shown(db, submissionId)).toEqual({ url: null, problem: SEALED_WITH_ANOTHER_KEY });

    const second = issued(await links.reissue(db, submissionId));
    expect(await links.open(db, tokenOf(first))).toBeUndefined();
    expect(await links.open(db, tokenOf(second))).toBe(submissionId);

    expect(await links.revoke(db, submissionId)).toBe(true);
    expect(await links.revoke(db, submissionId)).toBe(false);
    expect(await links.open(db, tokenOf(second))).toBeUndefined();
  });

  it('give preview links that last seven days, open by their hash, and are revoked one by one or replaced all at once', async () => {
    const db = t.handle.db;
    const links = previewLinks(t.deps);
    const postId = await postWithCampaign('preview-link-kinds');
    const first = await links.issue(db, 'post', postId, null);
    const second = await links.issue(db, 'post', postId, null);
    expect(first.url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(first.link.expires_at - first.link.created_at).toBe(7 * DAY);
    expect((await links.open(db, tokenOf(first.url)))?.content_id).toBe(postId);
    expect((await links.list(db, 'post', postId)).map((link) => link.id)).toEqual([second.link.id, first.link.id]);

    expect(await links.revoke(db, 'post', postId, first.link.id)).toBe(1);
    expect(await links.open(db, tokenOf(first.url))).toBeUndefined();
    expect((await links.open(db, tokenOf(second.url)))?.id).toBe(second.link.id);

    const third = await links.reissue(db, 'post', postId, null);
    expect(await links.open(db, tokenOf(second.url))).toBeUndefined();
    expect((await links.list(db, 'post', postId)).map((link) => link.id)).toEqual([third.link.id]);
    expect(await links.open(db, 'not-a-token')).toBeUndefined();
  });
});
