/**
 * Signups through the API with confirmation by mail (the default): the
 * address waits, its link is mailed once per ten minutes, and signups of one
 * address at the same moment make one subscriber and one mail. On
 * PostgreSQL those signups really run at once.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/emails.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { freshIp, serverWithAnotherKey, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const subscribe = (email: string) => t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });

describe('POST /api/submissions/newsletter with confirmation by mail', () => {
  it('answers 201 with status pending and mails a confirmation link', async () => {
    const email = uniqueEmail('api.reader');
    const response = await subscribe(email);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ status: 'pending', message: 'Successfully subscribed!' });
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Confirm your subscription to Crowdfunding Showcase');
    expect(mails[0]?.text_body).toMatch(/http:\/\/localhost\/newsletter\/confirm\?token=[\w-]{43}\n/);
  });

  it('confirms by the hash of its token alone, on a server holding another key too', async () => {
    const email = uniqueEmail('api.reader');
    await subscribe(email);
    const token = /confirm\?token=([\w-]{43})/.exec((await mailsTo(t, email))[0]?.text_body ?? '')?.[1] ?? '';

    await serverWithAnotherKey(t).services.subscribers.confirm(token);

    const row = await t.deps.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('makes one subscriber and one mail of signups of one address at the same moment', async () => {
    const email = uniqueEmail('api.reader');
    const answers = await Promise.all(Array.from({ length: 5 }, () => subscribe(email)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((answer) => answer.body)).toEqual(Array(5).fill({ status: 'pending', message: 'Successfully subscribed!' }));
    const rows = await t.deps.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });
});
