/**
 * The site profile's one cached reader: mails take the site's name from the
 * same copy the pages read, a save in the back office is in the very next
 * mail, and another server's save is seen once this app learns of it. Runs
 * on SQLite and on PostgreSQL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE_NAME } from '../../common/site.ts';
import { DEFAULT_SPONSORED_LIVE_TIME, DEFAULT_SPONSORED_RESPONSE_TIME } from '../../common/site-texts.ts';
import { ContentChanges } from '../../server/freshness/content-changes.ts';
import { writeSiteSetting } from '../../server/db/queries/site-settings.ts';
import type { Db } from '../../server/db/schema.ts';
import { SITE_PROFILE_KEY, SiteProfileCache } from '../../server/site-profile.ts';
import { uniqueEmail } from '../helpers/emails.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

/** Signs `email` up for the newsletter and returns the subject of the confirmation mailed to it. */
async function confirmationSubject(email: string): Promise<string> {
  const response = await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
  expect(response.status).toBe(201);
  const row = await t.handle.db
    .selectFrom('outbox')
    .select('subject')
    .where('to_address', '=', email)
    .where('kind', '=', 'newsletter_confirmation')
    .executeTakeFirstOrThrow();
  return row.subject;
}

async function saveSiteName(siteName: string) {
  const token = await t.adminToken();
  const stored = await t.request<Record<string, unknown>>('GET', '/admin/settings/site', { token });
  const { privacy_policy_updated: _p, terms_updated: _t, ...values } = stored.body;
  const saved = await t.request('PUT', '/admin/settings/site', { token, body: { ...values, site_name: siteName } });
  expect(saved.status).toBe(200);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the site profile as mails read it', () => {
  it('has a save from the back office in the next mail, without a restart', async () => {
    expect(await confirmationSubject(uniqueEmail('profile'))).toBe(`Confirm your subscription to ${SITE_NAME}`);
    await saveSiteName('Backer Digest');
    try {
      expect(await confirmationSubject(uniqueEmail('profile'))).toBe('Confirm your subscription to Backer Digest');
    } finally {
      await saveSiteName(SITE_NAME);
    }
  });

  it('is read from the app\'s copy, which drops another server\'s save once the app notices it', async () => {
    // The clock stands still, so the copy's few seconds never run out during the test.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const stored = await t.deps.siteProfileCache.current();
    // Another server saves: this app's caches have not been told.
    await writeSiteSetting(t.handle.db, {
      key: SITE_PROFILE_KEY,
      value: JSON.stringify({ ...stored, site_name: 'Elsewhere Weekly', version: stored.version + 1 }),
      now: Math.floor(Date.now() / 1000),
      userId: null,
    });

    expect(await confirmationSubject(uniqueEmail('profile'))).toBe(`Confirm your subscription to ${stored.site_name}`);
    t.deps.contentChanges.changedElsewhere();
    expect(await confirmationSubject(uniqueEmail('profile'))).toBe('Confirm your subscription to Elsewhere Weekly');
    expect((await t.deps.siteProfileCache.current()).site_name).toBe('Elsewhere Weekly');
  });

  it('gives the built-in name when the database does not answer, so the mail still goes out', async () => {
    const down = {
      selectFrom() {
        throw new Error('connection refused');
      },
    } as unknown as Db;
    await expect(new SiteProfileCache(down, new ContentChanges()).siteName()).resolves.toBe(SITE_NAME);
  });

  it('gives SPEC.md\'s promises when the database does not answer, so a payment receipt still goes out', async () => {
    const down = {
      selectFrom() {
        throw new Error('connection refused');
      },
    } as unknown as Db;
    await expect(new SiteProfileCache(down, new ContentChanges()).sponsorMailTexts()).resolves.toEqual({
      siteName: SITE_NAME,
      responseTime: DEFAULT_SPONSORED_RESPONSE_TIME,
      liveTime: DEFAULT_SPONSORED_LIVE_TIME,
    });
  });

  it('has the sponsored promises from the same copy as the name', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const stored = await t.deps.siteProfileCache.current();
    await writeSiteSetting(t.handle.db, {
      key: SITE_PROFILE_KEY,
      value: JSON.stringify({ ...stored, sponsored_live_time: 'a fortnight', version: stored.version + 1 }),
      now: Math.floor(Date.now() / 1000),
      userId: null,
    });
    expect((await t.deps.siteProfileCache.sponsorMailTexts()).liveTime).toBe(stored.sponsored_live_time);
    t.deps.contentChanges.changedElsewhere();
    try {
      expect((await t.deps.siteProfileCache.sponsorMailTexts()).liveTime).toBe('a fortnight');
    } finally {
      await writeSiteSetting(t.handle.db, {
        key: SITE_PROFILE_KEY,
        value: JSON.stringify({ ...stored, version: stored.version + 2 }),
        now: Math.floor(Date.now() / 1000),
        userId: null,
      });
      t.deps.contentChanges.changedElsewhere();
    }
  });
});
