/**
 * Unsubscribe links keep nothing in the database that works as one: a new
 * link is the subscriber's id sealed with the key of secrets at rest, and
 * the links of mails sent before keep working through the hashes migration
 * 0016 left in place of their tokens. Runs on SQLite and on PostgreSQL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Migrator, sql, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationsFor } from '../../server/db/migrate.ts';
import { unsubscribeLinks } from '../../server/newsletter/unsubscribe-links.ts';
import { subscribersService } from '../../server/services/newsletter/subscribers.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

let counter = 0;
async function activeSubscriber(): Promise<{ id: number; email: string }> {
  counter += 1;
  const email = `leaving-${counter}@example.com`;
  const now = Math.floor(Date.now() / 1000);
  return t.handle.db
    .insertInto('newsletter_subscribers')
    .values({ email, email_normalized: email, subscribed_at: now, status: 'active', confirmed_at: now })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

const statusOf = async (id: number) =>
  (await t.handle.db.selectFrom('newsletter_subscribers').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('a sealed unsubscribe link', () => {
  it('names its subscriber, who can leave through it, and stores nothing', async () => {
    const subscribers = subscribersService(t.deps);
    const { id, email } = await activeSubscriber();
    const token = unsubscribeLinks(t.deps.totpEncryptionKey).tokenOf(id);
    expect(token).toMatch(/^v1\.[\w-]+$/);
    expect(await subscribers.findByUnsubscribeToken(token)).toEqual({ email, status: 'active' });
    await subscribers.unsubscribe(token, 'link');
    expect(await statusOf(id)).toBe('unsubscribed');
    const row = await t.handle.db.selectFrom('newsletter_subscribers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.unsubscribe_token_hash).toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('is refused when sealed with another key, and once its subscriber is erased', async () => {
    const subscribers = subscribersService(t.deps);
    const { id } = await activeSubscriber();
    const forged = unsubscribeLinks(randomBytes(32)).tokenOf(id);
    await expect(subscribers.findByUnsubscribeToken(forged)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(subscribers.unsubscribe(forged, 'link')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(id)).toBe('active');

    const token = unsubscribeLinks(t.deps.totpEncryptionKey).tokenOf(id);
    await subscribers.erase(id);
    await expect(subscribers.findByUnsubscribeToken(token)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('links mailed before migration 0016', () => {
  it('keep working through the hash that replaced their token, and the hash itself is no link', async () => {
    const { db, engine } = t.handle;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrationsFor(engine) },
    });
    const down = await migrator.migrateTo('2026-11-25-0015-rendered-content');
    expect(down.error).toBeUndefined();
    // A subscriber of that time, with the random token its mails carried.
    const legacyToken = randomBytes(32).toString('base64url');
    const email = 'before.sealing@example.com';
    const now = Math.floor(Date.now() / 1000);
    await sql`insert into newsletter_subscribers (email, email_normalized, subscribed_at, status, unsubscribe_token, confirmed_at)
              values (${email}, ${email}, ${now}, 'active', ${legacyToken}, ${now})`.execute(db);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const row = await db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.unsubscribe_token_hash).toBe(createHash('sha256').update(legacyToken).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(legacyToken);

    const subscribers = subscribersService(t.deps);
    // A copy of the database gives no working link.
    await expect(subscribers.findByUnsubscribeToken(row.unsubscribe_token_hash ?? '')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await subscribers.findByUnsubscribeToken(legacyToken)).toEqual({ email, status: 'active' });
    await subscribers.unsubscribe(legacyToken, 'one-click');
    expect(await statusOf(row.id)).toBe('unsubscribed');
    // Its next mails carry a sealed link, which works as well.
    await subscribers.resubscribe(unsubscribeLinks(t.deps.totpEncryptionKey).tokenOf(row.id));
    expect(await statusOf(row.id)).toBe('active');
  });
});
