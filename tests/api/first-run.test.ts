/**
 * Servers started together on an empty database: their first-run steps
 * (the first administrator, the demo content) take turns, so neither fails
 * and nothing is made twice. On PostgreSQL the two runs below really are
 * concurrent (each on a connection of its own).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdministrator } from '../../server/auth/bootstrap-admin.ts';
import { withFirstRunLock } from '../../server/db/database.ts';
import { seedDemoContent } from '../../server/db/seed-demo.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
beforeAll(async () => {
  // An empty database, as on a first start.
  await t.handle.db.deleteFrom('refresh_tokens').execute();
  await t.handle.db.deleteFrom('users').execute();
});

const firstRun = () =>
  withFirstRunLock(t.handle.db, t.handle.engine, async (trx) => ({
    admin: await ensureFirstAdministrator(trx, { email: 'owner@example.com', password: 'a long enough password' }),
    seeded: await seedDemoContent(trx),
  }));

describe('first-run steps of servers started together', () => {
  it('create one administrator and load the demo content once, without failing either start', async () => {
    const results = await Promise.all([firstRun(), firstRun(), firstRun()]);
    expect(results.filter((result) => result.admin !== null)).toHaveLength(1);
    expect(results.filter((result) => result.seeded !== null)).toHaveLength(1);
    const users = await t.handle.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'owner@example.com' }]);
    const posts = await t.request('GET', '/posts');
    expect(posts.body.posts.length).toBeGreaterThan(0);
  });
});
