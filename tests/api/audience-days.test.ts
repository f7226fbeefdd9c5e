/**
 * Page views and counted clicks are counted on the site's calendar day
 * (decision 085): on a site in Paris, a view and a click at 23:30 UTC fall
 * on the next day, the Paris day every report of days shows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0';

afterEach(() => {
  vi.useRealTimers();
});

async function setSiteTimeZone(timeZone: string) {
  const token = await t.adminToken();
  const current = await t.request('GET', '/admin/settings/site', { token });
  const { privacy_policy_updated: _privacy, terms_updated: _terms, ...settings } = current.body as Record<string, unknown>;
  expect((await t.request('PUT', '/admin/settings/site', { token, body: { ...settings, time_zone: timeZone } })).status).toBe(200);
}

describe('the day a view or a click is counted on', () => {
  it("is the site's calendar day, not UTC's", async () => {
    await setSiteTimeZone('Europe/Paris');
    // 23:30 UTC on March 1st is 00:30 on March 2nd in Paris.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T23:30:00Z'));
    // A fixed page: it exists whatever the clock says.
    const path = '/ending-soon';
    const beacon = await t.request('POST', '/events', {
      rawBody: JSON.stringify({ path, referrer: '', utm_source: '', utm_medium: '', utm_campaign: '', tz: 'Europe/Paris' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': FIREFOX },
    });
    expect(beacon.status).toBe(204);
    expect(await t.services.clicks.countClick('share', 4242, 'mastodon', { userAgent: FIREFOX, purpose: null, clientIp: '203.0.113.41' })).toBe(true);
    await t.services.analytics.flush();

    const views = await t.handle.db.selectFrom('analytics_daily').select(['day', 'views']).where('dimension', '=', 'page').where('value', '=', path).execute();
    expect(views).toEqual([{ day: '2026-03-02', views: 1 }]);
    const clicks = await t.handle.db.selectFrom('analytics_clicks').select(['day', 'clicks']).where('subject_id', '=', 4242).execute();
    expect(clicks.map((row) => [row.day, Number(row.clicks)])).toEqual([['2026-03-02', 1]]);
    // The back office's ranges end on that day too.
    const now = await t.request('GET', '/admin/analytics/now', { token: await t.adminToken() });
    expect(now.body).toMatchObject({ today: '2026-03-02' });
  });
});
