/**
 * The per-account slow-down of sign-in: failures for one account spread over
 * many client addresses make later attempts wait, yet the real owner, from a
 * fresh address with the right password, gets in (only later), and that
 * success clears the count. Timings are checked with lower bounds only.
 * Runs on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { peekRateLimit } from '../../server/db/queries/rate-limits.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/deps.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const AFTER_FAILURES = 3;
const DELAY_MS = 400;
/** A little under the delay: timers may fire a few milliseconds early. */
const AT_LEAST_MS = 350;

const slowdown = {
  ...DEFAULT_RATE_LIMITS.loginSlowdown,
  afterFailures: AFTER_FAILURES,
  baseMs: DELAY_MS,
  // Every delayed attempt waits the same, so the suite stays short.
  maxMs: DELAY_MS,
};

describe('the per-account slow-down of sign-in', () => {
  const t = useTestApp({ rateLimits: { loginSlowdown: slowdown } });

  async function timedLogin(email: string, password: string) {
    const started = performance.now();
    const response = await t.request('POST', '/auth/login', { body: { email, password }, ip: freshIp() });
    return { status: response.status, elapsedMs: performance.now() - started };
  }

  const failuresCounted = async (email: string) =>
    (
      await peekRateLimit(
        t.handle.db,
        { name: slowdown.name, max: slowdown.afterFailures, windowSeconds: slowdown.windowSeconds },
        email,
      )
    ).count;

  it('delays attempts past the failures from many addresses, never locks the owner out, and clears on success', async () => {
    const email = 'slowed.owner@example.com';
    const password = 'the real owner passphrase';
    await t.createUserWithRole(email, password, 'admin');

    // Each guess from its own address: no per-address limit applies.
    for (let i = 0; i < AFTER_FAILURES; i += 1) {
      expect((await timedLogin(email, `wrong guess ${i}`)).status).toBe(401);
    }
    expect(await failuresCounted(email)).toBe(AFTER_FAILURES);

    // Past them, every attempt waits, from any address.
    for (let i = 0; i < 3; i += 1) {
      const guess = await timedLogin(email, `late wrong guess ${i}`);
      expect(guess.status).toBe(401);
      expect(guess.elapsedMs).toBeGreaterThanOrEqual(AT_LEAST_MS);
    }

    // The owner is slowed too, but gets in: no 429.
    const owner = await timedLogin(email, password);
    expect(owner.status).toBe(200);
    expect(owner.elapsedMs).toBeGreaterThanOrEqual(AT_LEAST_MS);

    // The success cleared the count: the next failures start from zero.
    expect(await failuresCounted(email)).toBe(0);
    expect((await timedLogin(email, 'one more wrong guess')).status).toBe(401);
    expect(await failuresCounted(email)).toBe(1);
  });

  it('counts failures for an unknown address too, so the delay does not reveal which accounts exist', async () => {
    const email = 'nobody.here@example.com';
    for (let i = 0; i < AFTER_FAILURES; i += 1) {
      expect((await timedLogin(email, `guess ${i}`)).status).toBe(401);
    }
    const late = await timedLogin(email, 'late guess');
    expect(late.status).toBe(401);
    expect(late.elapsedMs).toBeGreaterThanOrEqual(AT_LEAST_MS);
  });
});
