import type { DashboardRevenueJson } from '../../../common/answers.ts';
import { formatMoney } from '../../../common/money.ts';

/** A week as the chart labels it, `Nov 17`: weeks start on Monday 00:00 in the site's time zone, as the server counts them. */
const weekLabel = (start: number, timeZone: string) =>
  new Date(start * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone });

/**
 * What the sums are, in the site's payment mode (the banner above says the
 * same): after the total, and in the table's caption for screen readers.
 */
const MODE_NOTES: Record<DashboardRevenueJson['payment_mode'], { afterTotal: string; caption: string }> = {
  stripe: { afterTotal: '', caption: '' },
  test: { afterTotal: ' (test mode: simulated payments, no money taken)', caption: ', test mode' },
  off: { afterTotal: ' (payments are off: nothing can be paid; any sums are earlier simulated payments)', caption: ', payments off' },
};

/**
 * Revenue from sponsored posts over the last 12 weeks: a bar per week, drawn
 * with plain elements. The bars are for the eye only; screen readers get the
 * same numbers as a table, and every bar names its week and sum on hover.
 */
export function RevenueChart({ revenue }: { revenue: DashboardRevenueJson }) {
  const { weeks, currency } = revenue;
  const highest = Math.max(...weeks.map((week) => week.amount_cents), 0);
  const total = weeks.reduce((sum, week) => sum + week.amount_cents, 0);
  const payments = weeks.reduce((sum, week) => sum + week.payments, 0);
  const money = (cents: number) => formatMoney(cents, currency);
  const note = MODE_NOTES[revenue.payment_mode];
  return (
    <section aria-labelledby="revenue-heading" className="mt-8" data-testid="revenue-chart">
      <h2 id="revenue-heading" className="mb-1 text-lg font-semibold">
        Sponsored post revenue
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        {money(total)} from {payments} {payments === 1 ? 'payment' : 'payments'} in the last 12 weeks
        {note.afterTotal}.
        {highest > 0 ? ` Best week: ${money(highest)}, the full bar.` : ''}
      </p>
      <div className="rounded-lg border border-border bg-card p-4">
        <div aria-hidden="true" className="flex h-40 items-end gap-1 sm:gap-2">
          {weeks.map((week) => (
            <div key={week.start} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={`Week of ${weekLabel(week.start, revenue.time_zone)}: ${money(week.amount_cents)}`}>
              <div
                data-testid="revenue-bar"
                className="w-full rounded-t-sm bg-primary"
                // A week without revenue still shows a hairline, so the axis reads as twelve weeks.
                style={{ height: highest === 0 ? '2px' : `max(2px, ${(week.amount_cents / highest) * 100}%)` }}
              />
            </div>
          ))}
        </div>
        <div aria-hidden="true" className="mt-2 flex gap-1 text-xs text-muted-foreground sm:gap-2">
          {weeks.map((week, index) => (
            // Every third week is labelled, so the labels fit on a phone.
            <span key={week.start} className="min-w-0 flex-1 overflow-visible whitespace-nowrap text-center">
              {index % 3 === 0 ? weekLabel(week.start, revenue.time_zone) : ''}
            </span>
          ))}
        </div>
        {/* Hidden by a wrapper: a table ignores the 1px width, and would widen a phone's page. */}
        <div className="sr-only">
          <table>
            <caption>Sponsored post revenue per week, oldest first{note.caption}</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col">Revenue</th>
                <th scope="col">Payments</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.start}>
                  <th scope="row">{weekLabel(week.start, revenue.time_zone)}</th>
                  <td>{money(week.amount_cents)}</td>
                  <td>{week.payments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
