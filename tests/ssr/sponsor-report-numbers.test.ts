/**
 * The sponsor report's numbers say where they come from: its days are the
 * site's calendar days and its times are on the site's clocks, named
 * (decision 085); a newsletter's mails count as "Delivered" only when a mail
 * server took them, else as "Kept in the outbox"; a report of one day draws
 * one labelled bar of bounded width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSiteDateTime, secondsToSiteDay, siteInputToSeconds } from '../../common/site-time.ts';
import { MAX_SLOT } from '../../app/components/daily-audience-chart.tsx';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, decodeHtml, liveSponsoredPostOf, useSiteApp, type SiteApp } from './site-app.ts';

const ZONE = 'Europe/Paris';
const DAY = 86_400;
const NEWSLETTER_ENV = { NEWSLETTER_DOUBLE_OPT_IN: 'false', NEWSLETTER_RATE_PER_SECOND: '0' };

const { t, site } = useSiteApp({ app: { env: NEWSLETTER_ENV } });

const now = () => Math.floor(Date.now() / 1000);
const admin = async (app: TestApp, method: string, path: string, body?: unknown) =>
  app.request(method, path, { token: await app.adminToken(), ...(body === undefined ? {} : { body }) });

/** The owner moves the site to `timeZone` as the settings screen does. */
async function setSiteTimeZone(app: TestApp, timeZone: string) {
  const current = await admin(app, 'GET', '/admin/settings/site');
  const { privacy_policy_updated: _privacy, terms_updated: _terms, ...settings } = current.body as Record<string, unknown>;
  expect((await admin(app, 'PUT', '/admin/settings/site', { ...settings, time_zone: timeZone })).status).toBe(200);
}

/** An issue carrying the post, sent to two new readers and finished: its sent time. */
async function sendIssueWith(app: TestApp, postId: number): Promise<number> {
  for (const name of ['first', 'second']) {
    const signedUp = await app.request('POST', '/submissions/newsletter', { ip: freshIp(), body: { email: `${name}.${postId}@example.com` } });
    expect(signedUp.status).toBe(201);
  }
  const created = await admin(app, 'POST', '/admin/newsletters', { subject: `Picks ${postId}`, post_ids: [postId] });
  expect(created.status).toBe(201);
  expect((await admin(app, 'POST', `/admin/newsletters/${created.body.id}/send`, {})).status).toBe(202);
  for (let tries = 0; tries < 100; tries += 1) {
    await app.deps.jobs.whenIdle();
    const issue = (await admin(app, 'GET', `/admin/newsletters/${created.body.id}`)).body as { status: string; sent: number; sent_at: number | null };
    if (issue.status === 'sent') {
      expect(issue.sent).toBe(2);
      return issue.sent_at ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the issue was not sent');
}

/** The text of a table's cells, row by row. */
const rowsOf = (table: string) =>
  [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => decodeHtml((cell[1] ?? '').replace(/<[^>]+>/g, '')).trim()));

const tableWith = (html: string, words: string) => [...html.matchAll(/<table[\s\S]*?<\/table>/g)].map((match) => match[0]).find((table) => table.includes(words)) ?? '';

async function reportPage(app: SiteApp, path: string) {
  const response = await app.get(path);
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  await setSiteTimeZone(t, ZONE);
});

describe("the sponsor report on a site outside UTC, without a mail server", () => {
  it("shows its days and times in the site's time zone and names it", async () => {
    // 00:30 in Paris two days ago: still the day before in UTC.
    const parisDay = secondsToSiteDay(now() - 2 * DAY, ZONE);
    const publishedAt = siteInputToSeconds(`${parisDay}T00:30`, ZONE) ?? 0;
    expect(new Date(publishedAt * 1000).toISOString().slice(0, 10)).not.toBe(parisDay);
    const { post, path } = await liveSponsoredPostOf(t, publishedAt);
    await t.handle.db.insertInto('analytics_daily').values({ dimension: 'page', day: parisDay, value: `/${post.slug}`, views: 9, visitors: 6 }).execute();
    const sentAt = await sendIssueWith(t, post.id);

    const html = await reportPage(site, path);
    const text = decodeHtml(html.replace(/<[^>]+>/g, ''));
    expect(text).toContain(`live since ${formatSiteDateTime(publishedAt, ZONE)}.`);
    expect(formatSiteDateTime(publishedAt, ZONE)).toMatch(/00:30 Europe\/Paris$/);
    expect(text).toContain(`Days and times are in the site's time zone, ${ZONE}`);

    const byDay = rowsOf(tableWith(html, 'clicks to the campaign by day'));
    expect(text).toContain(`Views, visitors and clicks to the campaign by day (${ZONE}), oldest first`);
    // The first day is the Paris day it went live, not the UTC day before it.
    expect(byDay[1]).toEqual([parisDay, '9', '6', '0']);
    expect(byDay.at(-1)?.[0]).toBe(secondsToSiteDay(now(), ZONE));

    expect(rowsOf(tableWith(html, 'The newsletter issues that carried the post'))).toEqual([
      ['Subject', 'Sent', 'Mails', 'Clicks to the post'],
      [`Picks ${post.id}`, formatSiteDateTime(sentAt, ZONE), 'Kept in the outbox: 2', '0'],
    ]);
    expect(html).not.toContain('Delivered');
  });

  it('draws a report of one day as one labelled bar of bounded width', async () => {
    const { path } = await liveSponsoredPostOf(t, now() - 60);
    const html = await reportPage(site, path);
    const chart = html.match(/<figure class="audience-chart[\s\S]*?<\/figure>/)?.[0] ?? '';
    const today = secondsToSiteDay(now(), ZONE);
    const bars = [...chart.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((match) => Number(match[1]));
    // Views and visitors of the one day.
    expect(bars).toHaveLength(2);
    for (const width of bars) expect(width).toBeLessThanOrEqual(MAX_SLOT);
    expect([...chart.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((match) => match[1])).toEqual([today.slice(5)]);
    expect(decodeHtml(chart)).toContain(`${today} (${ZONE}): no views yet`);
  });
});

describe('the sponsor report with a mail server', () => {
  let sink: SmtpSink;
  let smtp: TestApp;
  let smtpSite: SiteApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    smtp = await createTestApp({ env: { ...NEWSLETTER_ENV, SMTP_URL: sink.url } });
    smtpSite = await createSiteApp(smtp);
  });

  afterAll(async () => {
    await smtp.close();
    await sink.close();
  });

  it('counts the mails the server accepted as delivered', async () => {
    const { post, path } = await liveSponsoredPostOf(smtp, now() - DAY);
    await sendIssueWith(smtp, post.id);
    expect(sink.messages.filter((mail) => mail.parsed.subject === `Picks ${post.id}`)).toHaveLength(2);
    const rows = rowsOf(tableWith(await reportPage(smtpSite, path), 'The newsletter issues that carried the post'));
    expect(rows[1]?.[2]).toBe('Delivered: 2');
  });
});
