import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardRevenueJson } from '../../common/answers.ts';
import type * as site from '../../common/site.ts';
import { insertPayment } from '../helpers/payments.ts';
import { useTestApp } from '../helpers/test-app.ts';

// A site in New York: its weeks start at local midnight, 04:00 or 05:00 UTC depending on daylight saving.
vi.mock('../../common/site.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof site>()),
  SITE_TIME_ZONE: 'America/New_York',
}));

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

const at = (iso: string) => Date.parse(iso) / 1000;

const paymentAt = (completedAt: number, amount: number) =>
  insertPayment(t, completedAt, { amount, project: 'Time zone project' });

describe('the dashboard revenue of a site outside UTC', () => {
  it('buckets payments by the weeks of the site time zone, daylight-saving changes included', async () => {
    // Wednesday 2026-11-04, three days after New York left daylight saving time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-04T17:00:00Z'));
    // Sunday 23:59:59 and Monday 00:00 in New York, on either side of the last two week starts.
    await paymentAt(at('2026-11-02T04:59:59Z'), 100);
    await paymentAt(at('2026-11-02T05:00:00Z'), 200);
    await paymentAt(at('2026-10-26T03:59:59Z'), 400);
    await paymentAt(at('2026-10-26T04:00:00Z'), 800);
    const { access_token } = await t.login();

    const answer = await t.request('GET', '/admin/dashboard', { token: access_token });
    expect(answer.status).toBe(200);
    const { weeks } = answer.body.revenue as DashboardRevenueJson;
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
