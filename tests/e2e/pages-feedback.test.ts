import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, seedPosts, seedResource, toastText, visit, useJourney } from './harness.ts';

/** The accessible text of the focused element's nearest labelled container, or its own text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element
      ? { slot: element.getAttribute('data-slot'), id: element.id, text: (element.textContent ?? '').replace(/\s+/g, ' ').trim() }
      : null;
  });

describe('the public pages and their forms, in place', () => {
  const { site, visitor } = useJourney();
  beforeAll(async () => {
    await seedPosts(site, [
      { slug: 'feedback-kite', title: 'Feedback Kite', campaign_url: 'https://www.kickstarter.com/projects/feedback-kite' },
      { slug: 'feedback-lamp', title: 'Feedback Lamp' },
      { slug: 'feedback-desk', title: 'Feedback Desk' },
    ]);
    await seedResource(site, { slug: 'feedback-guide', title: 'Feedback Guide' });
  });

  it('shows a lasting panel after the contact form is sent, which takes focus, and can send another', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await rejectCookies(page);
    await page.getByLabel('Name').fill('Panel Pat');
    await page.getByLabel('Email').fill('pat@example.com');
    await page.getByLabel('Message').fill('Does the panel stay?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    // SPEC.md's words, said once and in place: the panel, with no toast on top of it.
    const panel = page.getByRole('region', { name: 'Message sent!' });
    await panel.waitFor();
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Message sent!' }).count()).toBe(0);
    await expect.poll(async () => (await focused(page))?.slot).toBe('success-panel');
    expect(await panel.innerText()).toContain("We'll get back to you as soon as possible.");
    await expectNoSeriousA11yViolations(page);
    await page.waitForTimeout(5500);
    expect(await panel.isVisible()).toBe(true);

    await panel.getByRole('link', { name: 'Send another message' }).click();
    await expect.poll(async () => (await focused(page))?.id).toBe('contact-name');
    expect(await page.getByLabel('Name').inputValue()).toBe('');
  });

  it('counts and names the missing contact fields at the top, focuses the summary, and its links go to the fields', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const summary = page.locator('[data-slot="error-summary"]');
    await summary.waitFor();
    await expect.poll(async () => (await focused(page))?.slot).toBe('error-summary');
    expect(await summary.getByRole('heading').innerText()).toBe('Please fix 3 fields');
    expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Name is required', 'Email address is required', 'Message is required']);
    expect(await toastText(page, 'Please fix 3 fields')).toContain('Name is required');
    await expectNoSeriousA11yViolations(page);
    await summary.getByRole('link', { name: 'Message is required' }).click();
    await expect.poll(async () => (await focused(page))?.id).toBe('contact-message');
  });

  it('names every missing field of an empty sponsored form instead of saying Invalid email, and focuses the summary', async () => {
    const { page } = visitor;
    await visit(visitor, '/submit-your-project-for-a-sponsored-post');
    await page.getByRole('button', { name: /^Submit and pay/ }).click();
    const summary = page.locator('[data-slot="error-summary"]');
    await summary.waitFor();
    await expect.poll(async () => (await focused(page))?.slot).toBe('error-summary');
    expect(await summary.getByRole('heading').innerText()).toBe('Please fix 5 fields');
    const links = await summary.getByRole('link').allInnerTexts();
    expect(links).toEqual([
      'Project name is required',
      expect.stringMatching(/^Project URL/),
      'Contact name is required',
      'Contact email: Email address is required',
      'You must accept the Terms of Service',
    ]);
    expect(await toastText(page, 'Please fix 5 fields')).toContain('Project name is required');
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Invalid email' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await summary.getByRole('link', { name: 'Contact email: Email address is required' }).click();
    await expect.poll(async () => (await focused(page))?.id).toBe('sponsored-contact-email');
  });

  it('shows a lasting panel in the newsletter band after subscribing, which takes focus', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    const band = page.getByRole('region', { name: 'New reviews and guides, in your inbox' });
    await band.getByLabel('Email address').fill('panel-reader@example.com');
    await band.getByRole('button', { name: 'Subscribe' }).click();
    const panel = band.getByRole('region', { name: 'Successfully subscribed!' });
    await panel.waitFor();
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Successfully subscribed!' }).count()).toBe(0);
    await expect.poll(async () => (await focused(page))?.slot).toBe('success-panel');
    expect(await panel.innerText()).toContain('Check your inbox: we sent you a link to confirm your subscription.');
    await expectNoSeriousA11yViolations(page);
  });

  it('shows the home sections below the grid', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    expect(await page.getByRole('region', { name: 'Guides for campaign creators' }).getByRole('link', { name: 'Feedback Guide' }).count()).toBe(1);
    const calculators = page.getByRole('region', { name: 'Know the fees before you set a goal' });
    expect(await calculators.getByRole('link').allInnerTexts()).toEqual(['Kickstarter Fee Calculator', 'Indiegogo Fee Calculator']);
  });

  it('shows one call to action and More projects on a post', async () => {
    const { page } = visitor;
    await visit(visitor, '/feedback-kite');
    expect(await page.getByRole('link', { name: /Back This Project/ }).count()).toBe(1);
    const more = page.getByRole('region', { name: 'More projects' });
    expect(await more.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Feedback Lamp', 'Feedback Desk']);
  });

  it('lists the other categories on a category page with its empty state', async () => {
    const { page } = visitor;
    await visit(visitor, '/category/business');
    expect(await page.getByText('No projects found in this category yet. Check back soon!').count()).toBe(1);
    const others = page.getByRole('navigation', { name: 'Other categories' });
    expect(await others.getByRole('link', { name: 'Technology' }).count()).toBe(1);
    await others.getByRole('link', { name: 'Technology' }).click();
    await page.waitForURL('**/category/technology');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Technology');
  });

  it('offers a search and recent posts on the 404 page, and the search works', async () => {
    const { page } = visitor;
    const response = await page.goto('/no/such/page', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await expectNoSeriousA11yViolations(page);
    expect(await page.getByRole('region', { name: 'Recent projects' }).getByRole('heading', { level: 3 }).count()).toBe(3);
    const search = page.getByRole('search', { name: 'Search the site' });
    await search.getByLabel('Search posts and resources').fill('Lamp');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/search?q=Lamp');
    expect(await page.getByRole('link', { name: 'Feedback Lamp' }).count()).toBeGreaterThan(0);
  });

  it('raised no error in the page along the way', () => {
    expect(visitor.pageErrors).toEqual([]);
  });
});
