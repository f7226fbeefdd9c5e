/**
 * Another site showing a calculator: the embed code copied from the
 * calculator page, pasted into a page of another origin (served here from
 * 127.0.0.1 on a port of its own), works inside its frame; the full
 * calculator refuses the same frame. axe finds nothing at all on the
 * calculator page and the embeddable page.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { expectNoSeriousA11yViolations, rejectCookies, useJourney } from './harness.ts';

describe('another site embedding the Kickstarter calculator', () => {
  const { site, visitor, openVisit } = useJourney();
  let embedder: Server;
  let embedderOrigin = '';
  /** The page of the other site: the pasted embed code, and a frame of the full calculator beside it. */
  let pastedCode = '';

  beforeAll(async () => {
    const port = await freePort();
    embedderOrigin = `http://127.0.0.1:${port}`;
    embedder = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><head><title>A blog about board games</title></head><body><main>' +
          '<h1>Our campaign budget</h1>' +
          `<div id="pasted">${pastedCode}</div>` +
          `<iframe id="full" title="The full calculator" src="${site.baseUrl}/instant-kickstarter-fee-calculator"` +
          ' onload="this.dataset.loaded = \'yes\'"></iframe>' +
          '</main></body></html>',
      );
    });
    await new Promise<void>((resolve) => embedder.listen(port, '127.0.0.1', resolve));
    // The journey's browser refuses every host but the site: let this one other origin through.
    await visitor.context.route(
      (url) => url.origin === embedderOrigin,
      (route) => route.continue(),
    );
    await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseUrl });
    // A frame's permissions are asked of the page that shows it.
    await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: embedderOrigin });
  });
  afterAll(async () => {
    await new Promise((resolve) => embedder?.close(resolve));
  });

  it('copies the embed code from the calculator page, which axe finds nothing wrong with', async () => {
    const { page } = visitor;
    await page.goto('/instant-kickstarter-fee-calculator', { waitUntil: 'networkidle' });
    await rejectCookies(page);
    await expectNoSeriousA11yViolations(page, { everyImpact: true });
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Embed code copied' }).count()).toBe(1);
    pastedCode = await page.evaluate(() => navigator.clipboard.readText());
    expect(pastedCode).toBe(
      `<iframe src="${site.baseUrl}/embed/instant-kickstarter-fee-calculator" title="Kickstarter fee calculator" ` +
        'width="100%" height="820" style="border:0;max-width:960px" loading="lazy" allow="clipboard-write"></iframe>',
    );
    expect(await page.getByLabel('Embed code').inputValue()).toBe(pastedCode);
  });

  it('works inside the frame of a page on another origin, where the full calculator is refused', async () => {
    expect(pastedCode).not.toBe('');
    const { page } = visitor;
    await page.goto(`${embedderOrigin}/`, { waitUntil: 'load' });
    const frame = page.frameLocator('iframe[title="Kickstarter fee calculator"]');
    await frame.getByRole('heading', { level: 1, name: 'Kickstarter Fee Calculator' }).waitFor();
    // No cookie banner and no site navigation inside someone else's page.
    expect(await frame.getByRole('button', { name: 'Reject all' }).count()).toBe(0);
    expect(await frame.getByRole('navigation').count()).toBe(0);

    await frame.getByLabel('Funds raised (USD)').fill('20000');
    await frame.getByLabel('Number of backers').fill('250');
    await frame.getByRole('button', { name: 'Calculate fees' }).click();
    const results = frame.getByRole('region', { name: 'Your Kickstarter fees' });
    await expect.poll(async () => (await results.locator('dd').allTextContents()).at(-1)).toBe('$18,350.00');
    // The framing page stays where it is: the form navigated its frame only.
    expect(page.url()).toBe(`${embedderOrigin}/`);

    // The pasted code lets the frame write to the clipboard: the result's link, on the full calculator.
    await frame.getByRole('button', { name: 'Copy link to this result' }).click();
    await expect.poll(() => frame.getByRole('status').allTextContents()).toContain('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${site.baseUrl}/instant-kickstarter-fee-calculator?funds=20000&backers=250`,
    );

    const back = frame.getByRole('link', { name: /^Open the full Kickstarter calculator on / });
    expect(await back.getAttribute('href')).toBe(`${site.baseUrl}/instant-kickstarter-fee-calculator`);
    expect(await back.getAttribute('target')).toBe('_blank');

    // The same browser, the same page: the full calculator's frame stays empty.
    await page.waitForFunction(() => (document.getElementById('full') as HTMLIFrameElement | null)?.dataset.loaded === 'yes');
    expect(await page.frameLocator('#full').getByRole('heading', { name: 'Kickstarter Fee Calculator' }).count()).toBe(0);
    expect(visitor.pageErrors).toEqual([]);
  });

  it('has nothing axe can fault on the embeddable page itself, with a result', async () => {
    const { page } = visitor;
    await page.goto('/embed/instant-kickstarter-fee-calculator?funds=10000&backers=100', { waitUntil: 'networkidle' });
    expect(await page.getByRole('region', { name: 'Your Kickstarter fees' }).locator('dd').last().textContent()).toBe('$9,180.00');
    await expectNoSeriousA11yViolations(page, { everyImpact: true });
    await page.goto('/embed/free-indiegogo-fee-calculator?funds=x&backers=1', { waitUntil: 'networkidle' });
    await expectNoSeriousA11yViolations(page, { everyImpact: true });
  });

  it('works inside the frame without JavaScript, the form reloading the frame alone', async () => {
    const { page } = await openVisit({ javaScriptEnabled: false });
    await page.context().route(
      (url) => url.origin === embedderOrigin,
      (route) => route.continue(),
    );
    await page.goto(`${embedderOrigin}/`, { waitUntil: 'load' });
    const frame = page.frameLocator('iframe[title="Kickstarter fee calculator"]');
    await frame.getByLabel('Funds raised (USD)').fill('10000');
    await frame.getByLabel('Number of backers').fill('100');
    await frame.getByRole('button', { name: 'Calculate fees' }).click();
    const results = frame.getByRole('region', { name: 'Your Kickstarter fees' });
    await results.waitFor();
    expect((await results.locator('dd').allTextContents()).at(-1)).toBe('$9,180.00');
    const link = frame.getByRole('link', { name: /^Link to this result/ });
    expect(await link.getAttribute('href')).toBe(`${site.baseUrl}/instant-kickstarter-fee-calculator?funds=10000&backers=100`);
    expect(page.url()).toBe(`${embedderOrigin}/`);
  });
});
