/**
 * The staff hear of what came in (decision 083): a paid sponsored
 * submission and a contact message are mailed to the owner's account
 * address when ADMIN_NOTIFY_EMAIL is unset, and to ADMIN_NOTIFY_EMAIL alone
 * when it is set. (A creator's update: tests/api/campaign-update-link.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleTestCheckout } from '../../server/services/sponsors/payments.ts';
import { ADMIN_EMAIL, createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const NOTIFY = 'desk@example.com';
const KINDS = ['payment_admin_notification', 'contact_notification'];

let plain: TestApp;
let configured: TestApp;

beforeAll(async () => {
  [plain, configured] = await Promise.all([createTestApp(), createTestApp({ env: { ADMIN_NOTIFY_EMAIL: NOTIFY } })]);
});

afterAll(async () => {
  await Promise.all([plain.close(), configured.close()]);
});

/** A paid sponsored submission and a contact message, as visitors send them. */
async function somethingCameIn(t: TestApp) {
  const started = await t.request('POST', '/payments/create-checkout', {
    ip: freshIp(),
    body: {
      project_name: 'Moss Lamp',
      project_url: 'https://www.kickstarter.com/projects/moss-lamp',
      contact_name: 'Ada Lovelace',
      contact_email: 'ada@example.com',
      terms_accepted: true,
    },
  });
  expect(started.status).toBe(201);
  await settleTestCheckout(t.deps, started.body.session_id, 'pay');
  const sent = await t.request('POST', '/submissions/contact', {
    ip: freshIp(),
    body: { name: 'Grace Hopper', email: 'grace@example.com', message: 'Do you review board games?' },
  });
  expect(sent.status).toBeLessThan(300);
}

const notifications = (t: TestApp) =>
  t.handle.db.selectFrom('outbox').select(['kind', 'to_address', 'subject', 'text_body']).where('kind', 'in', KINDS).orderBy('id').execute();

describe('staff notifications', () => {
  it("go to the owner's account address when ADMIN_NOTIFY_EMAIL is unset", async () => {
    await somethingCameIn(plain);
    const mails = await notifications(plain);
    expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['payment_admin_notification', ADMIN_EMAIL],
      ['contact_notification', ADMIN_EMAIL],
    ]);
    const contact = mails[1];
    expect(contact?.subject).toBe('New contact message from Grace Hopper');
    expect(contact?.text_body).toContain('Grace Hopper <grace@example.com> wrote through the contact form:');
    expect(contact?.text_body).toContain('Do you review board games?');
    expect(contact?.text_body).toContain('http://localhost/admin/contacts');
  });

  it('follow the owner when the account address changes', async () => {
    await plain.handle.db.updateTable('users').set({ email: 'owner@example.com' }).where('role', '=', 'owner').execute();
    const sent = await plain.request('POST', '/submissions/contact', {
      ip: freshIp(),
      body: { name: 'Alan Turing', email: 'alan@example.com', message: 'A question about fees.' },
    });
    expect(sent.status).toBeLessThan(300);
    const last = (await notifications(plain)).at(-1);
    expect(last).toMatchObject({ kind: 'contact_notification', to_address: 'owner@example.com' });
  });

  it('go to ADMIN_NOTIFY_EMAIL alone when it is set', async () => {
    await somethingCameIn(configured);
    const mails = await notifications(configured);
    expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['payment_admin_notification', NOTIFY],
      ['contact_notification', NOTIFY],
    ]);
  });
});
