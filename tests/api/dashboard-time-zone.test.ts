import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardRevenueJson } from '../../common/answers.ts';
import { insertPayment } from '../helpers/payments.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

const at = (iso: string) => Date.parse(iso) / 1000;

const paymentAt = (completedAt: number, amount: number) =>
  insertPayment(t, completedAt, { amount, project: 'Time zone project' });

/** The owner moves the site to `timeZone` in the settings screen's way: the stored settings, with the zone. */
async function setSiteTimeZone(token: string, timeZone: string) {
  const current = await t.request('GET', '/admin/settings/site', { token });
  const { privacy_policy_updated: _privacy, terms_updated: _terms, ...settings } = current.body as Record<string, unknown>;
  const saved = await t.request('PUT', '/admin/settings/site', { token, body: { ...settings, time_zone: timeZone } });
  expect(saved.status).toBe(200);
}

describe('the dashboard revenue of a site outside UTC', () => {
  it('buckets payments by the weeks of the time zone the owner set, daylight-saving changes included', async () => {
    const { access_token } = await t.login();
    // A site in New York: its weeks start at local midnight, 04:00 or 05:00 UTC depending on daylight saving.
    await setSiteTimeZone(access_token, 'America/New_York');
    // Wednesday 2026-11-04, three days after New York left daylight saving time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-04T17:00:00Z'));
    // Sunday 23:59:59 and Monday 00:00 in New York, on either side of the last two week starts.
    await paymentAt(at('2026-11-02T04:59:59Z'), 100);
    await paymentAt(at('2026-11-02T05:00:00Z'), 200);
    await paymentAt(at('2026-10-26T03:59:59Z'), 400);
    await paymentAt(at('2026-10-26T04:00:00Z'), 800);

    const answer = await t.request('GET', '/admin/dashboard', { token: access_token });
    expect(answer.status).toBe(200);
    const { weeks, time_zone } = answer.body.revenue as DashboardRevenueJson;
    expect(time_zone).toBe('America/New_York');
    expect(weeks).toHaveLength(12);
    expect(weeks.slice(-3).map((week) => new Date(week.start * 1000).toISOString())).toEqual([
      '2026-10-19T04:00:00.000Z',
      '2026-10-26T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ]);
    expect(weeks.slice(-3).map((week) => week.amount_cents)).toEqual([400, 100 + 800, 200]);
    expect(weeks.slice(-3).map((week) => week.payments)).toEqual([1, 2, 1]);
  });
});
