import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, toastText, visit, type Site, useJourney } from './harness.ts';

interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

const contactMessages = async (site: Site) =>
  (await site.admin<{ submissions: ContactMessage[] }>('GET', '/admin/submissions/contact')).body.submissions;

const subscribers = async (site: Site) =>
  (await site.admin<{ subscribers: { email: string }[] }>('GET', '/admin/submissions/newsletter')).body.subscribers.map(
    (subscriber) => subscriber.email,
  );


/** Runs `act` while every data request of the page (posts and reloads) fails as a dropped connection would. */
async function withoutConnection(page: Page, act: () => Promise<void>): Promise<void> {
  const drop = (route: Route) => route.abort('connectionreset');
  await page.route('**/*.data*', drop);
  try {
    await act();
  } finally {
    await page.unroute('**/*.data*', drop);
  }
}

describe('a visitor using the forms', () => {
  const { site, visitor } = useJourney();

  it('sends a contact message and sees Message sent!', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await rejectCookies(page);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('Could you review my analytical engine campaign?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    // Said once, in place: the form gives way to a lasting confirmation, which takes focus, and no toast repeats it.
    const sent = page.getByRole('region', { name: 'Message sent!' });
    await sent.waitFor();
    expect(await sent.innerText()).toContain("We'll get back to you as soon as possible.");
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Message sent!' }).count()).toBe(0);
    await expect
      .poll(() => page.locator('[data-slot="success-panel"]').evaluate((panel) => panel === document.activeElement))
      .toBe(true);
    await expectNoSeriousA11yViolations(page);
    expect(await contactMessages(site)).toEqual([
      expect.objectContaining({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Could you review my analytical engine campaign?',
      }),
    ]);
  });

  it('is told what is wrong with a bad e-mail before anything is sent', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace.example.com');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await toastText(page, 'Invalid email')).toContain('Email must contain an @ symbol');
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#contact-email-error').textContent()).toBe('Email must contain an @ symbol');
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    expect((await contactMessages(site)).map((message) => message.email)).not.toContain('grace.example.com');
  });

  it('sends a message once however fast the button is pressed', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await page.getByLabel('Name').fill('Impatient');
    await page.getByLabel('Email').fill('impatient@example.com');
    await page.getByLabel('Message').fill('Click click click');
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.dblclick();
    await page.getByLabel('Message').press('Enter');
    await page.getByRole('region', { name: 'Message sent!' }).waitFor();
    await page.waitForTimeout(500);
    expect((await contactMessages(site)).filter((message) => message.email === 'impatient@example.com')).toHaveLength(1);
  });

  it('subscribes to the newsletter from the home page, confirms from the mail, then is told it is already subscribed', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    const newsletter = page.getByRole('region', { name: 'New reviews and guides, in your inbox' });
    await newsletter.getByLabel('Email address').fill('reader@example.com');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    expect(await newsletter.getByRole('region', { name: 'Successfully subscribed!' }).innerText()).toContain("You'll receive our latest updates.");
    await expect
      .poll(() => newsletter.getByText('Check your inbox: we sent you a link to confirm your subscription.').isVisible())
      .toBe(true);
    expect(await subscribers(site)).toEqual(['reader@example.com']);

    // The link of the confirmation mail, then its button.
    const [mail] = site.mailsTo('reader@example.com');
    const link = /\/newsletter\/confirm\?token=[\w-]+/.exec(mail?.text_body ?? '')?.[0];
    expect(link).toBeDefined();
    await visit(visitor, link ?? '');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect.poll(() => page.getByRole('heading', { name: "You're subscribed" }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await visit(visitor, '/');

    await newsletter.getByLabel('Email address').fill('Reader@Example.com');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    expect(await newsletter.getByRole('region', { name: 'Already subscribed' }).innerText()).toContain('This email is already on our list!');
    expect(await subscribers(site)).toEqual(['reader@example.com']);
    await expectNoSeriousA11yViolations(page);
  });

  it('cannot subscribe an address without a domain', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    const newsletter = page.getByRole('region', { name: 'New reviews and guides, in your inbox' });
    await newsletter.getByLabel('Email address').fill('someone@localhost');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    expect(await toastText(page, 'Invalid email')).toContain('Email must contain a domain (e.g., example.com)');
    expect(await newsletter.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(await subscribers(site)).not.toContain('someone@localhost');
  });

  it('sees Error / Failed to send message when the connection drops, and keeps the message', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await page.getByLabel('Name').fill('Offline Olive');
    await page.getByLabel('Email').fill('olive@example.com');
    await page.getByLabel('Message').fill('Typed on a train going into a tunnel');
    await withoutConnection(page, async () => {
      await page.getByRole('button', { name: 'Send Message' }).click();
      expect(await toastText(page, 'Error')).toContain('Failed to send message');
      await page.waitForTimeout(500);
      expect(await page.locator('[data-sonner-toast]', { hasText: 'Failed to send message' }).count()).toBe(1);
    });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact Us');
    expect(await page.getByLabel('Message').inputValue()).toBe('Typed on a train going into a tunnel');
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
    expect((await contactMessages(site)).map((message) => message.email)).not.toContain('olive@example.com');

    // Back in coverage, the same form sends.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('region', { name: 'Message sent!' }).waitFor();
    expect((await contactMessages(site)).map((message) => message.email)).toContain('olive@example.com');
  });

  it('sees Error / Failed to subscribe when the connection drops, and keeps the address', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    const newsletter = page.getByRole('region', { name: 'New reviews and guides, in your inbox' });
    await newsletter.getByLabel('Email address').fill('tunnel@example.com');
    await withoutConnection(page, async () => {
      await newsletter.getByRole('button', { name: 'Subscribe' }).click();
      expect(await toastText(page, 'Error')).toContain('Failed to subscribe');
    });
    expect(await newsletter.getByLabel('Email address').inputValue()).toBe('tunnel@example.com');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await subscribers(site)).not.toContain('tunnel@example.com');
  });

  it('raised no error in the page along the way', () => {
    expect(visitor.pageErrors).toEqual([]);
  });
});

describe('a visitor without JavaScript', () => {
  const { site, visitor } = useJourney({ visit: { javaScriptEnabled: false } });

  it('still sends the contact form and reads the answer in the page', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await page.getByLabel('Name').fill('Plain Form');
    await page.getByLabel('Email').fill('plain@example.com');
    await page.getByLabel('Message').fill('Sent without scripts');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForLoadState();
    const status = page.getByRole('status').filter({ hasText: 'Message sent!' });
    expect(await status.innerText()).toContain("We'll get back to you as soon as possible.");
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
    expect((await contactMessages(site)).map((message) => message.email)).toEqual(['plain@example.com']);
  });

  it('sees the e-mail problem next to the field', async () => {
    const { page } = visitor;
    await visit(visitor, '/contact-us');
    await page.getByLabel('Name').fill('Plain Form');
    await page.getByLabel('Email').fill('plain-at-example.com');
    await page.getByLabel('Message').fill('Sent without scripts');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#contact-email-error').textContent()).toBe('Email must contain an @ symbol');
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
  });

  it('subscribes from the home page and lands on the answer', async () => {
    const { page } = visitor;
    await visit(visitor, '/');
    await page.getByLabel('Email address').fill('plain-reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).hash).toBe('#newsletter');
    expect(await page.getByRole('status').filter({ hasText: 'Successfully subscribed!' }).count()).toBe(1);
    expect(await subscribers(site)).toEqual(['plain-reader@example.com']);
  });

  it('pages through the projects with the Load More link', async () => {
    for (let i = 1; i <= 21; i += 1) {
      const created = await site.admin('POST', '/admin/posts', {
        title: `Plain Project ${i}`,
        slug: `plain-project-${i}`,
        content: 'Review.',
        status: 'published',
        published_at: 1_770_000_000 - i * 60,
        category_ids: [],
      });
      expect(created.status).toBe(201);
    }
    const { page } = visitor;
    await visit(visitor, '/');
    await page.getByRole('link', { name: 'Load More' }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).searchParams.get('cursor')).toMatch(/.+/);
    expect(await page.getByRole('link', { name: 'Plain Project 21' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Plain Project 1', exact: true }).count()).toBe(0);
  });
});
