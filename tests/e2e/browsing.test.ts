import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, seedPosts, seedResource, visit, useJourney } from './harness.ts';

describe('a visitor browsing the site', () => {
  const { site, visitor, openVisit } = useJourney();

  beforeAll(async () => {
    // 23 posts: 7 in the mosaic, 13 more on the first page, 3 behind Load More.
    await seedPosts(
      site,
      Array.from({ length: 23 }, (_, i) => ({
        slug: `e2e-project-${i + 1}`,
        title: `E2E Project ${i + 1}`,
        category_ids: i % 2 === 0 ? ['tech'] : ['creative'],
        campaign_url: i === 0 ? 'https://www.kickstarter.com/projects/e2e-project-1' : null,
        content: i === 0 ? '## The idea\n\n| Tier | Price |\n| --- | --- |\n| Early | $10 |' : undefined,
      })),
    );
    await seedResource(site, { slug: 'e2e-launch-guide', title: 'E2E Launch Guide' });
  });

  it('sees the mosaic and the newly reviewed on the home page, and Load More appends the next page in place', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    await rejectCookies(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Crowdfunding projects worth backing');
    const more = page.getByRole('region', { name: 'Newly reviewed' });
    await expect.poll(() => more.getByRole('article').count()).toBe(13);

    // A marker on the window survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.getByRole('link', { name: 'Load More' }).click();
    await expect.poll(() => more.getByRole('article').count()).toBe(16);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('link', { name: 'Load More' }).count()).toBe(0);
    await expect.poll(() => more.getByRole('link', { name: 'E2E Project 23' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
  });

  it('opens a post from its card without a reload, with its markdown, categories and campaign links', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await page.getByRole('link', { name: 'E2E Project 1', exact: true }).click();
    await page.waitForURL('**/e2e-project-1');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('E2E Project 1');
    expect(await page.title()).toBe('E2E Project 1 | Crowdfunding Showcase');
    expect(await page.getByRole('cell', { name: '$10' }).count()).toBe(1);
    expect(await page.getByText('Technology', { exact: true }).count()).toBeGreaterThan(0);
    const campaign = page.getByRole('link', { name: /Back This Project/ });
    expect(await campaign.getAttribute('target')).toBe('_blank');
    expect(await campaign.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.getByRole('heading', { name: 'Still taking pledges' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Explore More Projects' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('keeps the body of a post opened directly, and shows the body of the next post after a click on a related card', async () => {
    const { page } = visitor;
    // The page's HTML carries the body and its hydration data does not: the scripts keep the server's markup.
    await visit(visitor, '/e2e-project-1');
    expect(await page.getByRole('cell', { name: '$10' }).count()).toBe(1);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    const next = page.getByRole('region', { name: 'More projects' }).getByRole('heading', { level: 3 }).first().getByRole('link');
    const title = await next.textContent();
    await next.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await expect.poll(() => page.getByRole('heading', { name: `About ${title}` }).count()).toBe(1);
    expect(await page.getByText('A careful review of the campaign.').count()).toBe(1);

    await page.goBack();
    await expect.poll(() => page.getByRole('cell', { name: '$10' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  });

  it('finds a category through the Projects menu and a calculator through the Tools menu', async () => {
    const { page } = visitor;
    await visit(visitor, '/resources');
    // Native disclosures of links: the first click on an item navigates, whatever has loaded.
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    const projects = mainNav.getByRole('listitem').filter({ has: page.locator('summary', { hasText: 'Projects' }) });
    await projects.locator('summary').click();
    const menu = projects.getByRole('list');
    await menu.first().waitFor();
    expect(await projects.getByRole('link').allTextContents()).toEqual([
      'All Projects',
      'Ending Soon',
      'Newsletter Archive',
      'Funding',
      'Technology',
      'Creative Projects',
      'Social Impact',
      'Business',
    ]);
    await expectNoSeriousA11yViolations(page);
    await projects.getByRole('link', { name: 'Creative Projects' }).click();
    await page.waitForURL('**/category/creative-projects');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Creative Projects');
    expect(await page.getByRole('article').count()).toBe(11);
    await expectNoSeriousA11yViolations(page);

    await mainNav.locator('summary', { hasText: 'Tools' }).click();
    await mainNav.getByRole('link', { name: 'Indiegogo Calculator' }).click();
    await page.waitForURL('**/free-indiegogo-fee-calculator');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Indiegogo Fee Calculator');
  });

  it('reads a resource from the resources list, and an old /resources/ address lands on it, replacing history', async () => {
    const { page } = visitor;
    await visit(visitor, '/resources');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Crowdfunding Resources');
    await page.getByRole('link', { name: 'E2E Launch Guide' }).click();
    await page.waitForURL('**/e2e-launch-guide');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('E2E Launch Guide');
    await expectNoSeriousA11yViolations(page);
    expect(await page.getByRole('link', { name: 'Back to Resources' }).getAttribute('href')).toBe('/resources');

    await visit(visitor, '/contact-us');
    const redirected = await page.goto('/resources/e2e-launch-guide', { waitUntil: 'networkidle' });
    expect(redirected?.request().redirectedFrom()?.url()).toMatch(/\/resources\/e2e-launch-guide$/);
    expect(new URL(page.url()).pathname).toBe('/e2e-launch-guide');
    await page.goBack({ waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/contact-us');
  });

  it('gets SPEC.md pages for what does not exist', async () => {
    const { page } = visitor;
    const missing = await page.goto('/no-such-post');
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Content Not Found');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const unknown = await page.goto('/a/b/c');
    expect(unknown?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Oops! Page not found');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/category/not-a-category');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('reaches the legal pages from the footer, the terms in a new tab', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByText(`© ${new Date().getFullYear()} Crowdfunding Showcase. All rights reserved.`).count()).toBe(1);
    expect(await footer.getByRole('link', { name: /^privacy@/ }).getAttribute('href')).toMatch(/^mailto:privacy@/);
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      footer.getByRole('link', { name: /Terms of Service/ }).click(),
    ]);
    await terms.waitForLoadState();
    expect(new URL(terms.url()).pathname).toBe('/terms-of-service');
    expect(await terms.getByRole('heading', { level: 1 }).textContent()).toBe('Terms of Service');
    await expectNoSeriousA11yViolations(terms);
    await terms.close();

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy-policy');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Policy');
    await expectNoSeriousA11yViolations(page);
  });

  it('uses the mobile menu on a small screen, categories under CATEGORIES', async () => {
    const phone = await openVisit({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await visit(phone, '/');
      await rejectCookies(phone.page);
      // One list of links for every width: on a phone it is the menu, behind its button.
      const menu = phone.page.getByRole('navigation', { name: 'Main' });
      expect(await menu.isVisible()).toBe(false);
      await phone.page.locator('summary', { hasText: 'Menu' }).click();
      await menu.waitFor();
      // The dropdowns' links are shown open, without their buttons.
      expect(await menu.locator('summary').filter({ visible: true }).count()).toBe(0);
      expect(await menu.getByRole('heading', { name: 'CATEGORIES' }).count()).toBe(1);
      await expectNoSeriousA11yViolations(phone.page);
      await menu.getByRole('link', { name: 'Social Impact' }).click();
      await phone.page.waitForURL('**/category/social-impact');
      await expect.poll(() => phone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Social Impact');
      expect(await menu.isVisible()).toBe(false);
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('keeps a body shown as text (it could not be rendered) when the post is opened directly, and shows it again after going back', async () => {
    const { page } = visitor;
    // Thousands of nested quotes exhaust the markdown parser's stack: the page shows the source as text.
    await seedPosts(site, [
      { slug: 'e2e-deep-quote', title: 'E2E Deep Quote', content: `${'> '.repeat(6000)}deep thought`, category_ids: ['business'], published_at: 1_700_000_000 },
    ]);
    const body = page.getByRole('article').locator('div.whitespace-pre-wrap');
    // The page's HTML carries the text and its hydration data does not: the scripts keep the server's markup.
    await visit(visitor, '/e2e-deep-quote');
    expect(await body.textContent()).toMatch(/^> > .*> deep thought$/);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    const next = page.getByRole('region', { name: 'More projects' }).getByRole('heading', { level: 3 }).first().getByRole('link');
    const title = await next.textContent();
    await next.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    // Back, by a client navigation: the data request brings the text.
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('E2E Deep Quote');
    await expect.poll(() => body.textContent()).toMatch(/^> > .*> deep thought$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  });

  it('raised no error in the page along the way', () => {
    expect(visitor.pageErrors).toEqual([]);
  });
});
