/**
 * The back office's banner and its revenue card say the same thing about
 * payments: test mode only in test mode, "off" only when they are off.
 */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DashboardRevenueJson, PaymentModeJson } from '../../common/answers.ts';
import { PaymentModeBanner } from '../../app/components/admin/payment-mode-banner.tsx';
import { RevenueChart } from '../../app/components/admin/revenue-chart.tsx';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const banner = (mode: PaymentModeJson | null) => textOf(renderToStaticMarkup(h(PaymentModeBanner, { mode })));

const WEEK = 7 * 86_400;
const revenue = (mode: PaymentModeJson): DashboardRevenueJson => ({
  currency: 'USD',
  payment_mode: mode,
  time_zone: 'UTC',
  weeks: Array.from({ length: 12 }, (_, index) => ({
    start: 1_767_571_200 + index * WEEK,
    amount_cents: index === 11 ? 7500 : 0,
    payments: index === 11 ? 1 : 0,
  })),
});
/** The card's summary line, and the caption screen readers hear for its table. */
const card = (mode: PaymentModeJson) => {
  const html = renderToStaticMarkup(h(RevenueChart, { revenue: revenue(mode) }));
  return {
    summary: textOf(html.match(/<p [^>]*>([\s\S]*?)<\/p>/)?.[1] ?? ''),
    caption: textOf(html.match(/<caption>([\s\S]*?)<\/caption>/)?.[1] ?? ''),
  };
};

describe('the payment mode in the back office', () => {
  it('is not mentioned when the site takes real payments', () => {
    expect(banner('stripe')).toBe('');
    expect(banner(null)).toBe('');
    expect(card('stripe')).toEqual({
      summary: '$75.00 from 1 payment in the last 12 weeks. Best week: $75.00, the full bar.',
      caption: 'Sponsored post revenue per week, oldest first',
    });
  });

  it('is test mode in both places while the test checkout runs', () => {
    expect(banner('test')).toMatch(/^Test mode: payments are simulated, no money is taken\./);
    expect(banner('test')).not.toMatch(/off/i);
    expect(card('test').summary).toContain('(test mode: simulated payments, no money taken)');
    expect(card('test').caption).toBe('Sponsored post revenue per week, oldest first, test mode');
  });

  it('is off in both places when payments are off, and never test mode', () => {
    expect(banner('off')).toMatch(/^Payments are off\. Sponsored posts can't be bought because STRIPE_SECRET_KEY is not set/);
    expect(card('off').summary).toContain('(payments are off: nothing can be paid; any sums are earlier simulated payments)');
    expect(card('off').summary).not.toMatch(/test mode/i);
    expect(card('off').caption).toBe('Sponsored post revenue per week, oldest first, payments off');
  });
});
