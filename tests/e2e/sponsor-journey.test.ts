/**
 * Issue 24's journey: a sponsored post bought on the test checkout is taken
 * to a live post from the back office (approve with a preview promised,
 * draft, a first try at publishing that warns no preview was sent, the
 * preview, publish), while the sponsor's mails show up on the submission's
 * timeline and in the outbox (no mail server is set up here): one mail on
 * publishing with every link (decision 082). A reader's view then shows in
 * the sponsor's private report.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OutboxPageJson, SponsoredSubmissionDetailsJson } from '../../common/answers.ts';
import { openAdmin, signIn } from './admin-journey.ts';
import { DESKTOP_CHROME, expectNoSeriousA11yViolations, rejectCookies, toastText, useJourney, visit, type Visit } from './harness.ts';

const SPONSORED_PATH = '/submit-your-project-for-a-sponsored-post';
const PROJECT = 'Beacon Kite';
const SPONSOR = 'Hedy Lamarr';
const SPONSOR_EMAIL = 'hedy@example.com';

/** Waits until React has taken over the form, so the click is the enhanced journey. */
async function waitForHydratedForm(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector('form[aria-label="Sponsored post submission"]');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'));
  });
}

/** The sponsor fills the form and pays on the built-in test checkout. */
async function buySponsoredPost(visitor: Visit) {
  const { page } = visitor;
  await visit(visitor, SPONSORED_PATH);
  await rejectCookies(page);
  await waitForHydratedForm(page);
  await page.getByLabel('Project name').fill(PROJECT);
  await page.getByLabel('Project URL').fill('https://www.kickstarter.com/projects/beacon-kite');
  await page.getByLabel('Contact name').fill(SPONSOR);
  await page.getByLabel('Contact email').fill(SPONSOR_EMAIL);
  await page.getByLabel('Description (optional)').fill('A kite that lights up the beach at night.');
  await page.getByLabel('Campaign goal (optional)').fill('20000');
  await page.getByLabel('Campaign currency (optional)').fill('USD');
  await page.getByLabel('I accept the Terms of Service').check();
  await page.getByRole('button', { name: /^Submit and pay/ }).click();
  await page.waitForURL(/\/checkout\/test\/cs_local_[0-9a-f]+$/);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/payment\/success\?session_id=/);
  await page.getByRole('heading', { name: 'Payment confirmed', exact: true }).waitFor();
  return /Payment reference: (\S+)/.exec(await page.getByRole('main').innerText())?.[1] ?? '';
}

describe('a paid submission taken to a live post, its sponsor told at each step', () => {
  const { site, visitor, openVisit } = useJourney();

  /** The submission of the journey as the back office reads it. */
  const submission = async () => {
    const list = await site.admin<{ submissions: { id: number; project_name: string }[] }>('GET', '/admin/submissions/sponsored?limit=100');
    const found = list.body.submissions.find((item) => item.project_name === PROJECT);
    if (!found) throw new Error(`${PROJECT} is not in the queue`);
    return (await site.admin<SponsoredSubmissionDetailsJson>('GET', `/admin/submissions/sponsored/${found.id}`)).body;
  };

  /** The sponsor's mails in the outbox, oldest first. */
  const sponsorMails = async () => {
    const outbox = await site.admin<OutboxPageJson>('GET', '/admin/outbox?limit=100');
    expect(outbox.status).toBe(200);
    return outbox.body.mails.filter((mail) => mail.to === SPONSOR_EMAIL).reverse();
  };

  it('pays, is approved with a preview promised, gets the preview, and is sent one mail with every link once the post is live', { timeout: 180_000 }, async () => {
    const reference = await buySponsoredPost(visitor);
    // The success page and the receipt give the same payment reference.
    expect(reference).not.toBe('');
    expect(site.mailsTo(SPONSOR_EMAIL)[0]?.text_body).toContain(`Payment reference: ${reference}`);

    const { page } = await openVisit();
    await signIn(page);
    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    const row = page.getByRole('row', { name: new RegExp(PROJECT) });
    await row.getByRole('button', { name: /View Details/ }).click();
    const panel = page.getByRole('dialog', { name: 'Submission Details' });
    const timeline = panel.getByRole('list', { name: 'Timeline' });
    await timeline.getByText(`Payment receipt mailed to ${SPONSOR_EMAIL}`).waitFor();
    expect(await timeline.innerText()).toContain('Kept in the outbox: no mail server is set up');
    // Staff reply from here: the address is a link, and the reply names the project and quotes the submission.
    expect(await panel.getByRole('link', { name: SPONSOR_EMAIL }).getAttribute('href')).toBe(`mailto:${SPONSOR_EMAIL}`);
    const reply = new URL((await panel.getByRole('link', { name: /Reply by e-mail/ }).getAttribute('href')) ?? '');
    expect(reply.protocol).toBe('mailto:');
    expect(reply.searchParams.get('subject')).toBe(`Your sponsored post about ${PROJECT}`);
    expect(reply.searchParams.get('body')).toContain('> A kite that lights up the beach at night.');
    await expectNoSeriousA11yViolations(page);

    // Approve asks first, and whether the mail promises a preview; the panel stays open on the submission.
    await panel.getByRole('button', { name: /^Approve/ }).click();
    const confirmation = page.getByRole('alertdialog', { name: `Approve ${PROJECT}?` });
    await confirmation.getByLabel('Promise a preview before it goes live').check();
    await expectNoSeriousA11yViolations(page);
    await confirmation.getByRole('button', { name: 'Approve', exact: true }).click();
    expect(await toastText(page, 'Status updated')).toContain('Submission marked as approved');
    await timeline.getByText(`Approval mailed to ${SPONSOR_EMAIL}`).waitFor();
    expect(site.mailsTo(SPONSOR_EMAIL).at(-1)?.text_body).toContain('Before it goes live we will send you a link to preview it.');
    // The panel offers the preview at once, and recalls the promise.
    await panel.getByRole('button', { name: `Send a preview link to ${SPONSOR}` }).waitFor();
    await panel.getByText(`The approval mail promised ${SPONSOR} a preview: send one before the post goes live.`).waitFor();

    // The draft post, from the panel too.
    await panel.getByRole('button', { name: /Create draft post/ }).click();
    await toastText(page, 'Draft post created');
    await timeline.getByText(/^Draft post created by /).waitFor();
    const { id } = await submission();

    // Publishing before any preview asks first, and says what the sponsor will be mailed; cancelled, nothing is saved.
    await panel.getByRole('link', { name: /Edit post/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Save Post' }).click();
    const noPreview = page.getByRole('alertdialog', { name: 'Publish without a preview?' });
    await noPreview.waitFor();
    const warning = await noPreview.innerText();
    expect(warning).toContain(`${SPONSOR} has not been sent a preview link of this post, though the approval mail promised one before it goes live.`);
    expect(warning).toContain(`When it goes live, ${SPONSOR} (${SPONSOR_EMAIL}) gets one mail with:`);
    expect(await noPreview.getByRole('listitem').allInnerTexts()).toEqual([
      "the post's address, to share freely",
      'a link straight to the campaign, its clicks counted in the report',
      "the private link to the post's report: views, visitors and clicks to the campaign",
      "the private link to keep the campaign's numbers up to date",
    ]);
    await expectNoSeriousA11yViolations(page);
    await noPreview.getByRole('button', { name: 'Cancel' }).click();
    await noPreview.waitFor({ state: 'hidden' });
    expect((await submission()).post?.status).toBe('draft');
    await page.getByLabel('Status').selectOption('draft');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/posts');
    await page.goto(`/admin/submissions?view=approved&submission=${id}`, { waitUntil: 'networkidle' });

    // The preview, mailed; its link is given to copy, and opens the draft.
    await panel.getByRole('button', { name: `Send a preview link to ${SPONSOR}` }).click();
    const note = panel.getByTestId('mail-delivery-note');
    await note.waitFor();
    expect(await note.innerText()).toContain('Preview link kept in the outbox: no mail server is set up.');
    // A preview link is not spent by a look: the note must not say it works once.
    expect(await note.innerText()).toContain('whoever has it can open it as often as needed until');
    expect(await note.innerText()).not.toContain('works once');
    const previewUrl = await note.getByLabel(`Preview link for ${SPONSOR}`).inputValue();
    expect(previewUrl).toMatch(new RegExp(`^${site.baseUrl}/preview/[\\w-]+$`));
    await timeline.getByText(new RegExp(`^Preview link mailed to ${SPONSOR_EMAIL}, valid until `)).waitFor();
    await expectNoSeriousA11yViolations(page);
    const previewPage = await visitor.page.goto(previewUrl, { waitUntil: 'networkidle' });
    expect(previewPage?.status()).toBe(200);
    await visitor.page.getByRole('note').filter({ hasText: 'Preview — not published' }).waitFor();

    // Published from the editor, reached from the panel.
    await panel.getByRole('link', { name: /Edit post/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Save Post' }).click();
    // The sponsor saw a preview: still asked, since publishing mails them.
    const publishing = page.getByRole('alertdialog', { name: 'Publish this sponsored post?' });
    await publishing.waitFor();
    expect(await publishing.innerText()).not.toContain('has not been sent a preview');
    await publishing.getByRole('button', { name: 'Publish', exact: true }).click();
    await toastText(page, 'Post updated');
    await page.waitForURL((url) => url.pathname === '/admin/posts');

    // Going live is noticed in the background, and the sponsor is sent the address.
    await expect.poll(async () => (await submission()).timeline.map((event) => event.kind), { timeout: 20_000 }).toContain('live_mail');
    const { post } = await submission();
    const liveUrl = `${site.baseUrl}/${post?.slug ?? ''}`;
    // Its link opens the queue with the panel of this submission open.
    await page.goto(`/admin/submissions?view=approved&submission=${id}`, { waitUntil: 'networkidle' });
    const live = page.getByRole('dialog', { name: 'Submission Details' }).getByRole('list', { name: 'Timeline' });
    await live.getByText(`Live address mailed to ${SPONSOR_EMAIL}`).waitFor();
    await live.getByText(`Report link mailed to ${SPONSOR_EMAIL}`).waitFor();
    await live.getByText(new RegExp(`^Creator's update link mailed to ${SPONSOR_EMAIL}, valid until `)).waitFor();
    expect(await live.getByRole('link', { name: liveUrl }).getAttribute('href')).toBe(liveUrl);
    await expectNoSeriousA11yViolations(page);

    // Every mail the sponsor was sent is in the outbox, kept there for want of a mail server.
    const mails = await sponsorMails();
    expect(mails.map((mail) => [mail.kind, mail.status])).toEqual([
      ['payment_confirmation', 'stored'],
      ['sponsor_approved', 'stored'],
      ['sponsor_preview', 'stored'],
      // One mail on publishing, with the report and the update link (decisions 068, 063 and 082).
      ['sponsor_live', 'stored'],
    ]);
    const liveNotice = mails.find((mail) => mail.kind === 'sponsor_live');
    expect(liveNotice?.subject).toBe(`Live: your sponsored post about ${PROJECT}`);
    const liveMail = await site.admin<{ links: string[] }>('GET', `/admin/outbox/${liveNotice?.id ?? 0}`);
    expect(liveMail.body.links).toContain(liveUrl);
    expect(liveMail.body.links).toContain(`${site.baseUrl}/go/${post?.slug ?? ''}`);
    expect(liveMail.body.links.filter((link) => link.startsWith(`${site.baseUrl}/campaign-update/`))).toHaveLength(1);
    // Each link is explained where it stands.
    const liveText = site.mailsTo(SPONSOR_EMAIL).at(-1)?.text_body ?? '';
    expect(liveText).toContain(`is live. Share its address freely:\n\n${liveUrl}`);
    expect(liveText).toMatch(/Your report: how the post is doing, .*:\n\nhttp\S+\/sponsor-report\/\S+\n\nKeep this link to yourself/);
    expect(liveText).toMatch(/update the amount pledged, .* here:\n\nhttp\S+\/campaign-update\/\S+\n\nThis link works until /);

    // And the address works, for a reader whose view is counted.
    const reader = await openVisit({ userAgent: DESKTOP_CHROME });
    const article = await reader.page.goto(liveUrl, { waitUntil: 'networkidle' });
    expect(article?.status()).toBe(200);
    expect(await reader.page.getByRole('heading', { level: 1 }).innerText()).toBe(PROJECT);

    // The sponsor's report, from its mail, shows the reader's view once the server has written it (within 5 s).
    const reportUrl = liveMail.body.links.find((link) => link.startsWith(`${site.baseUrl}/sponsor-report/`)) ?? '';
    expect(reportUrl).not.toBe('');
    const totalOf = async (label: string) => {
      const totals = visitor.page.getByRole('region', { name: 'Totals' });
      return (await totals.locator('div', { has: visitor.page.getByText(label, { exact: true }) }).locator('dd').innerText()).trim();
    };
    await expect
      .poll(
        async () => {
          await visitor.page.goto(reportUrl, { waitUntil: 'networkidle' });
          return totalOf('Views');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('1');
    expect(await visitor.page.getByRole('heading', { level: 1 }).innerText()).toBe("Your sponsored post's report");
    expect(await totalOf('Visitors')).toBe('1');
    expect(await visitor.page.getByRole('link', { name: PROJECT }).getAttribute('href')).toBe(`/${post?.slug ?? ''}`);
    await expectNoSeriousA11yViolations(visitor.page);
  });

  it('raised no error in the pages along the way', () => {
    expect(visitor.pageErrors).toEqual([]);
  });
});
