/**
 * Every public page and every back-office screen, on a desktop (1280×800)
 * and a phone (390×844), with seeded content: each is checked (its h1, axe,
 * no sideways scrolling and every table stacked as cards on the phone) and kept as a full-page PNG for design
 * review, in `artifacts/screenshots/<desktop|phone>/<name>.png` (or under
 * SCREENSHOTS_DIR). One server and one browser; each device and sign-in
 * state is one browser profile, reused from page to page.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from './admin-journey.ts';
import {
  expectNoSeriousA11yViolations,
  rejectCookies,
  seedPosts,
  seedResource,
  type Site,
  useJourney,
  type Visit,
} from './harness.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENSHOTS_DIR = path.resolve(PROJECT_ROOT, process.env.SCREENSHOTS_DIR ?? 'artifacts/screenshots');

const DEVICES: { name: 'desktop' | 'phone'; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

const SPONSORED_PATH = '/submit-your-project-for-a-sponsored-post';
const ISSUE_SUBJECT = 'Five campaigns worth backing this week';

/** What the seeding made that pages are reached by. */
interface Seeded {
  postId: number;
  resourceId: number;
  issueId: number;
  /** The sent issue's web version. */
  issueSlug: string;
  paidSession: string;
  cancelledSession: string;
  openCheckoutPath: string;
}

interface Shot {
  name: string;
  path: (seeded: Seeded) => string;
  heading: string | RegExp;
  /** Seen signed in to the back office. */
  signedIn?: boolean;
  /** What to open once the page is there (a panel or a confirmation), for the picture. */
  open?: (page: Page) => Promise<void>;
}

const PUBLIC_SHOTS: Shot[] = [
  { name: 'home', path: () => '/', heading: 'Crowdfunding projects worth backing' },
  { name: 'post', path: () => '/solar-backpack-pro', heading: 'Solar Backpack Pro' },
  { name: 'category', path: () => '/category/technology', heading: 'Technology' },
  { name: 'ending-soon', path: () => '/ending-soon', heading: 'Ending Soon' },
  { name: 'resources', path: () => '/resources', heading: 'Crowdfunding Resources' },
  { name: 'resource', path: () => '/planning-your-first-campaign', heading: 'Planning your first campaign' },
  {
    name: 'kickstarter-calculator',
    path: () => '/instant-kickstarter-fee-calculator?funds=10000&backers=100',
    heading: 'Kickstarter Fee Calculator',
  },
  {
    name: 'indiegogo-calculator',
    path: () => '/free-indiegogo-fee-calculator?funds=1234.56&backers=37&bank_transfer=on',
    heading: 'Indiegogo Fee Calculator',
  },
  { name: 'search', path: () => '/search?q=solar', heading: 'Search results for “solar”' },
  { name: 'contact', path: () => '/contact-us', heading: 'Contact Us' },
  { name: 'sponsored', path: () => SPONSORED_PATH, heading: 'Submit Your Project for a Sponsored Post' },
  { name: 'test-checkout', path: (seeded) => seeded.openCheckoutPath, heading: 'Test checkout' },
  { name: 'payment-success', path: (seeded) => `/payment/success?session_id=${seeded.paidSession}`, heading: 'Payment status' },
  { name: 'payment-cancel', path: (seeded) => `/payment/cancel?session_id=${seeded.cancelledSession}`, heading: 'Payment cancelled' },
  { name: 'newsletter-archive', path: () => '/newsletter', heading: 'Newsletter Archive' },
  { name: 'newsletter-issue', path: (seeded) => `/newsletter/${seeded.issueSlug}`, heading: ISSUE_SUBJECT },
  { name: 'privacy-policy', path: () => '/privacy-policy', heading: 'Privacy Policy' },
  { name: 'terms-of-service', path: () => '/terms-of-service', heading: 'Terms of Service' },
  { name: 'not-found', path: () => '/no/such/page', heading: 'Oops! Page not found' },
  // One segment is a post's or resource's address: its own 404.
  { name: 'content-not-found', path: () => '/no-such-post', heading: 'Content Not Found' },
];

const ADMIN_SHOTS: Shot[] = [
  // Reached signed out.
  { name: 'admin-sign-in', path: () => '/auth', heading: 'Crowdfunding Showcase' },
  { name: 'admin-forgot-password', path: () => '/admin/forgot-password', heading: 'Forgot your password?' },
  { name: 'admin-reset-password-bad-link', path: () => '/admin/reset-password?token=not-a-real-token', heading: 'This link does not work' },
  { name: 'admin-accept-invite-bad-link', path: () => '/admin/accept-invite?token=not-a-real-token', heading: 'This invitation does not work' },
  { name: 'admin-confirm-email', path: () => '/admin/confirm-email?token=not-a-real-token', heading: 'Confirm your new address' },
  // The admin area.
  { name: 'admin-dashboard', path: () => '/admin', heading: 'Dashboard', signedIn: true },
  { name: 'admin-posts', path: () => '/admin/posts', heading: 'Posts', signedIn: true },
  { name: 'admin-post-new', path: () => '/admin/posts/new', heading: 'New Post', signedIn: true },
  { name: 'admin-post-edit', path: (seeded) => `/admin/posts/${seeded.postId}`, heading: 'Edit Post', signedIn: true },
  { name: 'admin-resources', path: () => '/admin/resources', heading: 'Resources', signedIn: true },
  { name: 'admin-resource-new', path: () => '/admin/resources/new', heading: 'New Resource', signedIn: true },
  { name: 'admin-resource-edit', path: (seeded) => `/admin/resources/${seeded.resourceId}`, heading: 'Edit Resource', signedIn: true },
  { name: 'admin-contacts', path: () => '/admin/contacts', heading: 'Contact Messages', signedIn: true },
  { name: 'admin-submissions', path: () => '/admin/submissions', heading: 'Sponsored Posts', signedIn: true },
  // The paid submission's details panel, with its actions and timeline, and the confirmation Approve asks for.
  {
    name: 'admin-submission-details',
    path: () => '/admin/submissions',
    heading: 'Sponsored Posts',
    signedIn: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'View Details of Orbit Planter' }).click();
      await page.getByRole('dialog', { name: 'Submission Details' }).getByRole('list', { name: 'Timeline' }).waitFor();
    },
  },
  {
    name: 'admin-submission-approve',
    path: () => '/admin/submissions',
    heading: 'Sponsored Posts',
    signedIn: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Approve Orbit Planter' }).click();
      await page.getByRole('alertdialog', { name: 'Approve Orbit Planter?' }).waitFor();
    },
  },
  { name: 'admin-newsletter', path: () => '/admin/newsletter', heading: /^Newsletter Subscribers/, signedIn: true },
  { name: 'admin-newsletter-issues', path: () => '/admin/newsletter/issues', heading: 'Newsletter Issues', signedIn: true },
  { name: 'admin-newsletter-issue-new', path: () => '/admin/newsletter/issues/new', heading: 'New Issue', signedIn: true },
  { name: 'admin-newsletter-issue-edit', path: (seeded) => `/admin/newsletter/issues/${seeded.issueId}`, heading: 'Edit Issue', signedIn: true },
  { name: 'admin-staff', path: () => '/admin/staff', heading: 'Staff', signedIn: true },
  // The mails the seeding kept (no mail server here), the first of them open, and the subscribers still to confirm.
  { name: 'admin-outbox', path: () => '/admin/outbox', heading: 'Outbox', signedIn: true },
  { name: 'admin-outbox-mail', path: () => '/admin/outbox/1', heading: /\S/, signedIn: true },
  { name: 'admin-newsletter-pending', path: () => '/admin/newsletter?status=pending', heading: /^Newsletter Subscribers/, signedIn: true },
  { name: 'admin-audit-log', path: () => '/admin/audit-log', heading: 'Audit Log', signedIn: true },
  { name: 'admin-account', path: () => '/admin/account', heading: 'Your account', signedIn: true },
  { name: 'admin-settings', path: () => '/admin/settings', heading: 'Settings', signedIn: true },
];

async function postJson<T>(site: Site, apiPath: string, body: unknown): Promise<T> {
  const response = await fetch(`${site.baseUrl}/api${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${apiPath} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A sponsored checkout as the public form starts it; its test checkout page's path. */
async function startCheckout(site: Site, projectName: string): Promise<string> {
  const { checkout_url: checkoutUrl } = await postJson<{ checkout_url: string }>(site, '/payments/create-checkout', {
    project_name: projectName,
    project_url: `https://www.kickstarter.com/projects/${projectName.toLowerCase().replace(/\W+/g, '-')}`,
    contact_name: 'Katherine Johnson',
    contact_email: 'katherine@example.com',
    description: `${projectName}: a project that deserves a careful review and a place in the newsletter.`,
    press_kit_url: 'https://example.com/press-kit.zip',
    terms_accepted: true,
    budget_range: '',
  });
  return new URL(checkoutUrl).pathname;
}

const sessionOf = (checkoutPath: string) => checkoutPath.split('/').pop() ?? '';

async function idOf(site: Site, listPath: string, key: 'posts' | 'resources', slug: string): Promise<number> {
  const list = await site.admin<Record<string, { id: number; slug: string }[]>>('GET', listPath);
  const found = list.body[key]?.find((item) => item.slug === slug);
  if (!found) throw new Error(`${slug} is not in ${listPath}`);
  return found.id;
}

/** A reader who signed up and pressed the button of the mailed link: an issue needs someone to go to. */
async function confirmedReader(site: Site, email: string): Promise<void> {
  await postJson(site, '/submissions/newsletter', { email });
  const link = /\/newsletter\/confirm\?token=[\w-]+/.exec(site.mailsTo(email)[0]?.text_body ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  const confirmed = await fetch(`${site.baseUrl}${link}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.baseUrl },
    body: '',
  });
  if (!confirmed.ok) throw new Error(`confirming ${email} answered ${confirmed.status}`);
}

/** Sends an issue to one confirmed reader and waits until it is archived; fails if it never is. */
async function sendIssue(site: Site, postIds: number[]): Promise<{ id: number; slug: string }> {
  await confirmedReader(site, 'first-reader@example.com');
  const created = await site.admin<{ id: number }>('POST', '/admin/newsletters', {
    subject: ISSUE_SUBJECT,
    preheader: 'Reviewed campaigns, a new guide and the fees explained.',
    intro: 'Hello! Here is what caught our eye this week.',
    closing: 'Thanks for reading.',
    post_ids: postIds,
  });
  if (created.status !== 201) throw new Error(`creating the issue failed: ${JSON.stringify(created.body)}`);
  const { id } = created.body;
  const sent = await site.admin('POST', `/admin/newsletters/${id}/send`);
  if (sent.status !== 202) throw new Error(`sending the issue failed: ${JSON.stringify(sent.body)}`);
  // vi.waitFor, as expect.poll is for tests and this runs in the seeding hook: it fails the hook if the
  // issue is never sent.
  const slug = await vi.waitFor(
    async () => {
      const issue = await site.admin<{ status: string; slug: string }>('GET', `/admin/newsletters/${id}`);
      expect(issue.body.status, 'the newsletter issue is sent').toBe('sent');
      return issue.body.slug;
    },
    { timeout: 40_000, interval: 250 },
  );
  return { id, slug };
}

/** Elements wider than the page, for a failure message. */
const overflowingElements = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
  });

describe('every page, on a desktop and on a phone', () => {
  const { site, openVisit } = useJourney({ visit: false });
  const seeded = {} as Seeded;
  const visits = new Map<string, Visit>();

  beforeAll(async () => {
    const now = Math.floor(Date.now() / 1000);
    await seedPosts(site, [
      {
        slug: 'solar-backpack-pro',
        title: 'Solar Backpack Pro',
        campaign_url: 'https://www.kickstarter.com/projects/solar-backpack-pro',
        campaign: {
          platform: 'kickstarter',
          goal: 2_000_000,
          pledged: 4_821_000,
          backers: 241,
          launched_at: now - 10 * 86_400,
          ends_at: now + 12 * 86_400 + 5 * 3600,
          state: 'live',
        },
      },
      {
        slug: 'tabletop-saga',
        title: 'Tabletop Saga with a Living Map',
        category_ids: ['creative'],
        campaign: { platform: 'kickstarter', goal: 4_000_000, pledged: 1_250_000, backers: 310, launched_at: now - 28 * 86_400, ends_at: now + 30 * 3600, state: 'live' },
      },
      { slug: 'clean-water-for-schools', title: 'Clean Water Filters for Rural Schools', category_ids: ['social'] },
      { slug: 'repairable-espresso-grinder', title: 'An Espresso Grinder Built to Be Repaired', category_ids: ['tech', 'business'] },
      { slug: 'island-indie-film', title: 'An Indie Film Shot on One Island', category_ids: ['creative'] },
      { slug: 'modular-keyboard', title: 'A Modular Keyboard, Second Round', category_ids: ['tech'] },
      { slug: 'balcony-gardens', title: 'Vertical Gardens for City Balconies', category_ids: ['social'] },
      { slug: 'solar-lantern', title: 'A Solar Lantern for Night Markets', category_ids: ['tech', 'social'] },
    ]);
    await seedResource(site, { slug: 'planning-your-first-campaign', title: 'Planning your first campaign' });
    await seedResource(site, { slug: 'crowdfunding-fees-explained', title: 'Crowdfunding fees explained' });
    seeded.postId = await idOf(site, '/admin/posts?limit=100', 'posts', 'solar-backpack-pro');
    seeded.resourceId = await idOf(site, '/admin/resources?limit=100', 'resources', 'planning-your-first-campaign');
    const issue = await sendIssue(site, [seeded.postId]);
    seeded.issueId = issue.id;
    seeded.issueSlug = issue.slug;

    await postJson(site, '/submissions/contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Could you review my analytical engine campaign? It launches next month.',
    });
    await postJson(site, '/submissions/newsletter', { email: 'reader@example.com' });
    const invited = await site.admin('POST', '/admin/users', { email: 'new-editor@example.com', role: 'editor' });
    if (invited.status !== 201) throw new Error(`inviting failed: ${JSON.stringify(invited.body)}`);

    for (const device of DEVICES) {
      const visitor = await openVisit(device.options);
      await visitor.page.goto('/', { waitUntil: 'networkidle' });
      await rejectCookies(visitor.page);
      visits.set(`${device.name}:public`, visitor);
      const admin = await openVisit(device.options);
      await signIn(admin.page);
      visits.set(`${device.name}:admin`, admin);
    }

    // One paid checkout, one left for the cancel page, one still open.
    const paid = await startCheckout(site, 'Orbit Planter');
    const { page } = visits.get('desktop:public') as Visit;
    await page.goto(paid, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Pay $75.00' }).click();
    await page.waitForURL('**/payment/success?session_id=*');
    seeded.paidSession = sessionOf(paid);
    seeded.cancelledSession = sessionOf(await startCheckout(site, 'Tide Clock'));
    seeded.openCheckoutPath = await startCheckout(site, 'Quiet Loom');

    for (const device of DEVICES) mkdirSync(path.join(SCREENSHOTS_DIR, device.name), { recursive: true });
  });

  for (const device of DEVICES) {
    for (const shot of [...PUBLIC_SHOTS, ...ADMIN_SHOTS]) {
      it(`${device.name}: ${shot.name}`, async () => {
        const target = shot.path(seeded);
        const visitor = visits.get(`${device.name}:${shot.signedIn ? 'admin' : 'public'}`);
        if (!visitor) throw new Error(`no ${device.name} profile`);
        const { page } = visitor;
        await page.goto(target, { waitUntil: 'networkidle' });
        const heading = page.getByRole('heading', { level: 1, name: shot.heading });
        await heading.waitFor();
        expect(await page.getByRole('heading', { level: 1 }).count(), `one h1 on ${target}`).toBe(1);
        if (device.name === 'phone') {
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect(scrollWidth, `sideways scrolling on ${target}: ${JSON.stringify(await overflowingElements(page))}`).toBeLessThanOrEqual(
            clientWidth,
          );
          // A list's rows become labelled cards rather than a table to scroll inside.
          expect(await page.locator('[data-slot="table"]:not([data-stacked])').count(), `a table that does not stack on ${target}`).toBe(0);
        }
        await shot.open?.(page);
        await expectNoSeriousA11yViolations(page);
        await page.screenshot({
          path: path.join(SCREENSHOTS_DIR, device.name, `${shot.name}.png`),
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  }
});
