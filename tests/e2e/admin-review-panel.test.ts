/**
 * The post editor's Review panel: shown for an editorial post, where a
 * verdict, our take, who it is for, the risks and a score are written and
 * checked beside their fields before the save; hidden for a sponsored
 * post, which carries no review (decision 093). axe finds nothing.
 */
import type { Page } from 'playwright-core';
import type { PostJson } from '../../common/answers.ts';
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

const reviewPanel = (page: Page) => page.getByRole('region', { name: 'Review', exact: true });

describe('the Review panel of the post editor', () => {
  const { site, visitor: admin } = useJourney();

  it('is shown for an editorial post, checks its fields, saves the review and shows it on the post', async () => {
    const { page } = admin;
    await signIn(page);
    await openAdmin(page, '/admin/posts/new', 'New Post');
    await page.getByLabel('Title', { exact: true }).fill('Tide Lamp');
    await page.locator('#post-content').fill('## Why\n\nA lamp that charges from the tide.');
    await page.getByLabel('Campaign URL').fill('https://example.com/tide-lamp');
    await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Creative Projects' }).check();
    await page.getByLabel('Status').selectOption('published');

    const panel = reviewPanel(page);
    await panel.waitFor();
    await panel.getByLabel('Verdict').selectOption('back_it');
    await panel.getByLabel('Our take').fill('A lamp that does one thing well, from a team that has shipped before.');
    await panel.getByLabel('Who it is for').fill('Campers who hate cables');
    await panel.getByLabel('Risks').fill('First hardware run\nShips from one warehouse');
    await panel.getByLabel('Score').fill('11');
    await page.getByRole('button', { name: 'Save Post' }).click();
    // Refused in the browser, beside its field, which takes the focus.
    await panel.getByText('Score must be a whole number from 1 to 10').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('post-review.score');
    await expectNoSeriousA11yViolations(page);

    await panel.getByLabel('Score').fill('8');
    await page.getByRole('button', { name: 'Save Post' }).click();
    await toastText(page, 'Post created');
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    const list = await site.admin<{ posts: PostJson[] }>('GET', '/admin/posts?limit=100');
    const saved = list.body.posts.find((post) => post.slug === 'tide-lamp');
    expect(saved?.review).toEqual({
      verdict: 'back_it',
      take: 'A lamp that does one thing well, from a team that has shipped before.',
      for_whom: 'Campers who hate cables',
      risks: ['First hardware run', 'Ships from one warehouse'],
      score: 8,
    });

    // Read back into the panel; ticking Sponsored hides it, and the save then drops the review.
    await openAdmin(page, `/admin/posts/${saved?.id}`, 'Edit Post');
    await reviewPanel(page).waitFor();
    expect(await reviewPanel(page).getByLabel('Score').inputValue()).toBe('8');
    await page.getByLabel('Sponsored').check();
    await reviewPanel(page).waitFor({ state: 'detached' });
    await page.getByLabel('Sponsored').uncheck();
    await reviewPanel(page).waitFor();
    expect(await reviewPanel(page).getByLabel('Verdict').inputValue()).toBe('back_it');

    await page.goto('/tide-lamp', { waitUntil: 'networkidle' });
    const take = page.getByRole('region', { name: 'Our take' });
    await take.waitFor();
    expect(await take.getByText('Back it').count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
  });

  it('is hidden for a sponsored post', async () => {
    const { page } = admin;
    const created = await site.admin<PostJson>('POST', '/admin/posts', {
      title: 'Paid Lamp',
      slug: 'paid-lamp',
      content: 'A paid post.',
      campaign_url: 'https://example.com/paid-lamp',
      status: 'draft',
      sponsored: true,
      category_ids: ['creative'],
    });
    expect(created.status).toBe(201);
    await openAdmin(page, `/admin/posts/${created.body.id}`, 'Edit Post');
    await page.getByRole('region', { name: 'Campaign' }).waitFor();
    expect(await page.getByLabel('Sponsored').isChecked()).toBe(true);
    expect(await reviewPanel(page).count()).toBe(0);
    expect(await page.getByLabel('Verdict', { exact: true }).count()).toBe(0);
    // A draft's preview links stay: only the review is left out.
    await page.getByRole('region', { name: 'Share preview' }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
