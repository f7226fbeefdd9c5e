import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, visit, useJourney } from './harness.ts';

/** The result table as [label, amount] rows; empty when no result shows. */
async function results(page: Page): Promise<string[][]> {
  const region = page.getByRole('region', { name: /fees$/ });
  if ((await region.count()) === 0) return [];
  const labels = await region.locator('dt').allTextContents();
  const amounts = await region.locator('dd').allTextContents();
  return labels.map((label, index) => [label, amounts[index] ?? '']);
}

describe('a campaign owner using the fee calculators', () => {
  const { site, visitor } = useJourney();

  it('sees a bad field clear the result shown before and say why, a too-large amount included', async () => {
    const { page } = visitor;
    await visit(visitor, '/instant-kickstarter-fee-calculator');
    await page.getByLabel('Funds raised (USD)').fill('10000');
    await page.getByLabel('Number of backers').fill('100');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await expect.poll(async () => (await results(page)).at(-1)).toEqual(['You receive', '$9,180.00']);

    await page.getByLabel('Funds raised (USD)').fill('-5');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await expect.poll(() => results(page)).toEqual([]);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Enter the funds raised as an amount above zero' }).count())
      .toBe(1);

    await page.getByLabel('Funds raised (USD)').fill('1'.repeat(16));
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'That amount is too large for this calculator' }).count())
      .toBe(1);
    expect(await results(page)).toEqual([]);
    expect(await page.getByLabel('Funds raised (USD)').getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page);
  });

  it("opens from a campaign's fact box on the fees of what it raised, names the campaign and links back", async () => {
    const { page } = visitor;
    const created = await site.admin('POST', '/admin/posts', {
      title: 'Mendable Grinder',
      slug: 'mendable-grinder',
      excerpt: 'A grinder built to be repaired.',
      content: '## Repair first\n\nEvery part sold separately.',
      cover_image: '/images/demo/espresso-grinder.webp',
      campaign_url: 'https://www.kickstarter.com/projects/burr/mendable-grinder',
      status: 'published',
      read_time: 3,
      published_at: Math.floor(Date.now() / 1000) - 86_400,
      category_ids: ['business'],
      campaign: { platform: 'kickstarter', currency: 'EUR', state: 'successful', goal: 3_000_000, pledged: 3_310_000, backers: 402 },
    });
    expect(created.status).toBe(201);
    await visit(visitor, '/mendable-grinder');
    await page.getByRole('link', { name: 'Fees on the €33,100 pledged so far' }).click();
    await expect.poll(async () => (await results(page)).find(([label]) => label === 'Total fees')).toEqual(['Total fees', '€2,728.40']);
    expect(await page.getByTestId('calculator-campaign').innerText()).toMatch(
      /^Fees for Mendable Grinder as of .+: €33,100 from 402 backers\. Back to Mendable Grinder$/,
    );
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Mendable Grinder' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Mendable Grinder');
    expect(visitor.pageErrors).toEqual([]);
  });

  it('sees Kickstarter fees only after pressing the button, and focus moves to them', async () => {
    const { page } = visitor;
    await visit(visitor, '/instant-kickstarter-fee-calculator');
    await rejectCookies(page);
    await page.getByLabel('Funds raised (USD)').fill('10000');
    await page.getByLabel('Number of backers').fill('100');
    expect(await results(page)).toEqual([]);
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await expect.poll(() => results(page)).toEqual([
      ['Funds raised', '$10,000.00'],
      ['Platform fee (5%)', '$500.00'],
      ['Payment processing (3% + $0.20 per backer)', '$320.00'],
      ['Total fees', '$820.00'],
      ['You receive', '$9,180.00'],
    ]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Your Kickstarter fees');
    await expectNoSeriousA11yViolations(page);
  });

  it('copies the link to a result, which opens the same result', async () => {
    const { page, context } = visitor;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseUrl });
    await visit(visitor, '/instant-kickstarter-fee-calculator');
    await page.getByLabel('Funds raised (USD)').fill('2500.50');
    await page.getByLabel('Number of backers').fill('12');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await page.getByRole('button', { name: 'Copy link to this result' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Link copied' }).count()).toBe(1);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${site.baseUrl}/instant-kickstarter-fee-calculator?funds=2500.50&backers=12`);
    const before = await results(page);
    await page.goto(link, { waitUntil: 'networkidle' });
    expect(await results(page)).toEqual(before);
    expect(before.at(-1)).toEqual(['You receive', '$2,298.05']);
    await expectNoSeriousA11yViolations(page);
  });

  it('gets nothing for a zero amount or zero backers', async () => {
    const { page } = visitor;
    await visit(visitor, '/instant-kickstarter-fee-calculator');
    await page.getByLabel('Funds raised (USD)').fill('0');
    await page.getByLabel('Number of backers').fill('25');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await page.waitForTimeout(300);
    expect(await results(page)).toEqual([]);
  });

  it('adds the $25 international bank transfer fee on Indiegogo when ticked', async () => {
    const { page } = visitor;
    await visit(visitor, '/free-indiegogo-fee-calculator');
    await page.getByLabel('Funds raised (USD)').fill('1234.56');
    await page.getByLabel('Number of backers').fill('37');
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await expect.poll(async () => (await results(page)).at(-1)).toEqual(['You receive', '$1,124.69']);

    await page.getByLabel('Include the $25 international bank transfer fee').check();
    await page.getByRole('button', { name: 'Calculate fees' }).click();
    await expect.poll(() => results(page)).toEqual([
      ['Funds raised', '$1,234.56'],
      ['Platform fee (5%)', '$61.73'],
      ['Payment processing (3% + $0.30 per backer)', '$48.14'],
      ['International bank transfer fee', '$25.00'],
      ['Total fees', '$134.87'],
      ['You receive', '$1,099.69'],
    ]);
    await expectNoSeriousA11yViolations(page);
    expect(visitor.pageErrors).toEqual([]);
  });
});
