/**
 * Settings → CDN (decision 098): the owner sees which CDN the server
 * purges, a purge that failed and that it is tried again, then the purge
 * that went through, after pressing "Purge everything". The CDN is a local
 * stand-in of a Varnish with xkey.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { varnishStandIn } from '../helpers/cdn-stand-ins.ts';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

const varnish = await varnishStandIn();
afterAll(() => varnish.close());

describe('the CDN settings', () => {
  const { visitor } = useJourney({ env: { CDN_PURGE: 'varnish', CDN_PURGE_URL: varnish.url } });

  it('show the CDN, a failed purge and then the purge of everything', async () => {
    const { page } = visitor;
    await signIn(page);
    await openAdmin(page, '/admin/settings', 'Settings');
    await page.getByRole('heading', { name: 'CDN', exact: true }).waitFor();
    await page.getByText(`Varnish (${new URL(varnish.url).origin})`).waitFor();
    expect(await page.getByText('None yet').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // The first attempt is refused; it stays on the screen, to be tried again.
    varnish.failNext(1);
    await page.getByRole('button', { name: 'Purge everything' }).click();
    expect(await toastText(page, 'Purge sent')).toContain('Purge sent');
    await expect.poll(() => varnish.refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await openAdmin(page, '/admin/settings', 'Settings');
    await page.getByText('Varnish answered 503').waitFor();
    expect(await page.getByText('It will be tried again.').isVisible()).toBe(true);

    // The retry goes through: the last purge says so.
    await expect.poll(() => varnish.purges.map((purge) => purge.headers['xkey-purge']), { timeout: 30_000, interval: 500 }).toContain('all');
    await openAdmin(page, '/admin/settings', 'Settings');
    await page.getByText('Purge everything: everything').waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
