/**
 * The back office's subscribers: statuses and their counts, the filter,
 * unsubscribing and erasing one (its address gone, a hash kept so an import
 * cannot bring it back), and importing a CSV with a consent note.
 */
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_TEXT } from '../../common/site.ts';
import { uniqueEmail } from '../helpers/emails.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({ env: { NEWSLETTER_DOUBLE_OPT_IN: 'false' } });

const admin = adminCalls(t, { prefix: '/admin/submissions/newsletter' });

async function subscribe(email: string): Promise<number> {
  const response = await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
  expect(response.status).toBe(201);
  // The answer carries no id (it would tell the list's size): the row does.
  const row = await t.handle.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

describe('the subscriber list', () => {
  it('shows each subscriber with its status and consent record, and filters by status', async () => {
    const email = uniqueEmail();
    const id = await subscribe(email);
    const all = await admin('GET', '?limit=100');
    expect(all.status).toBe(200);
    const row = all.body.subscribers.find((subscriber: { id: number }) => subscriber.id === id);
    expect(row).toMatchObject({
      email,
      status: 'active',
      signup_path: '/api/submissions/newsletter',
      consent_text: NEWSLETTER_CONSENT_TEXT,
      left_at: null,
      left_via: null,
    });
    expect(all.body.counts.active).toBeGreaterThanOrEqual(1);

    const bounced = await admin('GET', '?status=bounced');
    expect(bounced.body.subscribers.map((subscriber: { id: number }) => subscriber.id)).not.toContain(id);
    const wrong = await admin('GET', '?status=gone');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('status must be one of pending, active, unsubscribed, bounced');
  });

  it('unsubscribes an address for the administrator, and records how it left', async () => {
    const id = await subscribe(uniqueEmail());
    expect((await admin('POST', `/${id}/unsubscribe`)).status).toBe(204);
    const list = await admin('GET', '?status=unsubscribed&limit=100');
    expect(list.body.subscribers.find((subscriber: { id: number }) => subscriber.id === id)).toMatchObject({
      status: 'unsubscribed',
      left_via: 'admin',
      left_at: expect.any(String),
    });
    expect((await admin('POST', '/999999/unsubscribe')).status).toBe(404);
  });

  it('erases an address so that no import can add it back', async () => {
    const email = uniqueEmail('erased');
    const id = await subscribe(email);
    expect((await admin('DELETE', `/${id}`)).status).toBe(204);
    const stored = await t.handle.db.selectFrom('newsletter_subscribers').select('id').where('email_normalized', '=', email).execute();
    expect(stored).toEqual([]);
    const kept = await t.handle.db.selectFrom('newsletter_erasures').selectAll().execute();
    expect(JSON.stringify(kept)).not.toContain(email);

    const imported = await admin('POST', '/import', { csv: `email\n${email.toUpperCase()}\n`, consent_note: 'Signed up at our stand at the fair' });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ added: 0, erased: 1 });
    expect((await admin('DELETE', `/${id}`)).status).toBe(404);
  });
});

describe('importing addresses', () => {
  it('adds new addresses as active with the consent note, and reports the rest', async () => {
    const fresh = [uniqueEmail('import'), uniqueEmail('import')];
    const existing = uniqueEmail('known');
    await subscribe(existing);
    const csv = ['Name,Email', `Ada,${fresh[0]}`, `Grace,"${fresh[1]}"`, `Known,${existing}`, 'Broken,not-an-address', `Again,${fresh[0]}`].join('\r\n');
    const response = await admin('POST', '/import', { csv, consent_note: 'Opted in on the old WordPress form' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ added: 2, existing: 1, erased: 0, invalid: [{ line: 5, value: 'not-an-address' }] });
    const rows = await t.handle.db
      .selectFrom('newsletter_subscribers')
      .select(['status', 'consent_source', 'unsubscribe_token_hash'])
      .where('email', 'in', fresh)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'active', consent_source: 'import: Opted in on the old WordPress form' });
      // Their unsubscribe links are made when a mail is: nothing that works as one is stored.
      expect(row.unsubscribe_token_hash).toBeNull();
    }
  });

  it('takes a plain list of addresses too, and refuses an import without a consent note', async () => {
    const email = uniqueEmail('plain');
    const plain = await admin('POST', '/import', { csv: `${email}\n`, consent_note: 'Customers who ticked the box at checkout' });
    expect(plain.body.added).toBe(1);
    const refused = await admin('POST', '/import', { csv: `${uniqueEmail()}\n`, consent_note: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Say where these addresses gave their consent');
  });

  it('refuses the routes without a token', async () => {
    expect((await t.request('POST', '/admin/submissions/newsletter/import', { body: { csv: 'a@b.co', consent_note: 'x'.repeat(20) } })).status).toBe(401);
    expect((await t.request('DELETE', '/admin/submissions/newsletter/1')).status).toBe(401);
  });
});
