/**
 * The newsletters migration gives subscribers from before unsubscribe links
 * existed a link of their own, so every active address can be sent an issue.
 * Runs on SQLite and on PostgreSQL (each fills the tokens with its own SQL).
 */
import { Migrator, type Migration } from 'kysely';
import { expect, it } from 'vitest';
import { migrationsFor } from '../../server/db/migrate.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

it('gives every subscriber without an unsubscribe token a distinct random one', async () => {
  const { db, engine } = t.handle;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrationsFor(engine) },
  });
  // Back to before the newsletters migration, with two subscribers of that time.
  const down = await migrator.migrateTo('2026-11-24-0007-subscriber-life-cycle');
  expect(down.error).toBeUndefined();
  expect(down.results?.map((result) => result.migrationName)).toContain('2026-11-25-0008-newsletters');
  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('newsletter_subscribers')
    .values(['old.one@example.com', 'old.two@example.com'].map((email) => ({ email, email_normalized: email, subscribed_at: now })) as never)
    .execute();

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  // Kept as their hashes since migration 0016 (tests/api/unsubscribe-links.test.ts).
  const rows = await db.selectFrom('newsletter_subscribers').select(['email', 'unsubscribe_token_hash', 'status']).execute();
  const tokens = rows.map((row) => row.unsubscribe_token_hash);
  expect(tokens.every((token) => typeof token === 'string' && /^[0-9a-f]{64}$/.test(token))).toBe(true);
  expect(new Set(tokens).size).toBe(rows.length);
  expect(rows.map((row) => row.status)).toEqual(['active', 'active']);
});
