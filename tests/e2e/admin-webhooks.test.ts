/**
 * Settings → Webhooks (decision 100): the owner adds an endpoint (a refused
 * address shown beside its field), copies the secret shown once, sends a
 * test event that a receiver on 127.0.0.1 verifies with the Standard
 * Webhooks library, reads it in the delivery log and resends it; axe finds
 * nothing serious on the screen, empty or with its log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

describe('the webhooks screen', () => {
  const { visitor } = useJourney({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });

  it('adds an endpoint, shows its secret once, sends a test event and resends it from the log', async () => {
    const { page } = visitor;
    await signIn(page);
    // Settings → Webhooks.
    await openAdmin(page, '/admin/settings', 'Settings');
    await page.getByRole('link', { name: 'Manage webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoints yet.').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Checked by the shared schema before anything is sent.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Endpoint URL is required').waitFor();
    expect(await page.getByLabel('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Choose at least one event').waitFor();

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByLabel(/A post is published/).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Copy the signing secret now: it is not shown again').waitFor();
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Send a test event' }).click();
    expect(await toastText(page, 'Test event queued')).toContain('Test event queued');
    const until = Date.now() + 10_000;
    while (receiver.received.length === 0 && Date.now() < until) await page.waitForTimeout(100);
    expect(receiver.received.map((request) => request.event.type)).toEqual(['webhook.test']);
    const [first] = receiver.received;
    expect(first && receiver.verifies(first, secret)).toBe(true);

    // The log, once the screen reads it again; the secret is gone from it.
    await page.reload({ waitUntil: 'networkidle' });
    const log = page.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await log.getByText('Delivered').waitFor();
    await log.getByText('webhook.test', { exact: true }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    expect(await page.getByLabel('Signing secret').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await log.getByRole('button', { name: /^Resend webhook\.test/ }).click();
    expect(await toastText(page, 'Delivery queued again')).toContain('Delivery queued again');
    const again = Date.now() + 10_000;
    while (receiver.received.length < 2 && Date.now() < again) await page.waitForTimeout(100);
    expect(receiver.received.map((request) => request.id)).toEqual([first?.id, first?.id]);
  });
});
