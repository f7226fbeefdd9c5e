/**
 * Rate limits behind proxies that append to `X-Forwarded-For` (nginx's
 * `$proxy_add_x_forwarded_for`, AWS ALB): only the entries our own proxies
 * wrote (TRUST_PROXY=<hops>, counted from the right) name the client; what
 * the client put in front of them must not give it a fresh address.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/deps.ts';
import { ADMIN_EMAIL, freshIp, useTestApp } from '../helpers/test-app.ts';

const ATTEMPTS = 40;

/** A different, client-chosen first entry on every request. */
const forged = (i: number) => `198.51.100.${i + 1}`;

describe('behind one proxy (TRUST_PROXY=true)', () => {
  // The default limits, as in production.
  const t = useTestApp();

  const login = (forwardedFor: string, email: string) =>
    t.request('POST', '/auth/login', {
      body: { email, password: 'wrong-password' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('limits wrong passwords for one account though the first X-Forwarded-For entry changes each time', async () => {
    const client = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) statuses.push((await login(`${forged(i)}, ${client}`, ADMIN_EMAIL)).status);
    const allowed = DEFAULT_RATE_LIMITS.loginFailuresPerAccountAndIp.max;
    expect(statuses.slice(0, allowed)).toEqual(Array.from({ length: allowed }, () => 401));
    expect(statuses.slice(allowed)).toEqual(Array.from({ length: ATTEMPTS - allowed }, () => 429));
    // Counted against the address the proxy appended, not the forged ones.
    const keys = await t.handle.db.selectFrom('rate_limits').select('key').where('key', 'like', 'login-%').execute();
    expect(keys.map((row) => row.key)).toContain(`login-fail:${ADMIN_EMAIL}|${client}`);
    expect(keys.some((row) => row.key.includes('198.51.100.'))).toBe(false);
  });

  it('limits one address spraying many accounts though the first X-Forwarded-For entry changes each time', async () => {
    const client = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      statuses.push((await login(`${forged(i)}, ${client}`, `victim-${i}@example.com`)).status);
    }
    const allowed = DEFAULT_RATE_LIMITS.loginPerIp.max;
    expect(statuses.slice(0, allowed)).toEqual(Array.from({ length: allowed }, () => 401));
    expect(statuses.slice(allowed)).toEqual(Array.from({ length: ATTEMPTS - allowed }, () => 429));
  });

  it('still reads a single X-Forwarded-For entry as the client', async () => {
    const client = freshIp();
    expect((await login(client, 'nobody@example.com')).status).toBe(401);
    const keys = await t.handle.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.map((row) => row.key)).toContain(`login-ip:${client}`);
  });
});

describe('behind two proxies (TRUST_PROXY=2)', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '2' } });

  it('takes the second entry from the right as the client, whatever comes before it', async () => {
    const client = freshIp();
    const loadBalancerSaw = '10.250.0.5';
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const response = await t.request('POST', '/auth/login', {
        body: { email: ADMIN_EMAIL, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `${forged(i)}, ${client}, ${loadBalancerSaw}` },
      });
      statuses.push(response.status);
    }
    const allowed = DEFAULT_RATE_LIMITS.loginFailuresPerAccountAndIp.max;
    expect(statuses.slice(0, allowed)).toEqual(Array.from({ length: allowed }, () => 401));
    expect(statuses.slice(allowed)).toEqual(Array.from({ length: ATTEMPTS - allowed }, () => 429));
    const keys = await t.handle.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.map((row) => row.key)).toContain(`login-ip:${client}`);
    expect(keys.some((row) => row.key.includes(loadBalancerSaw))).toBe(false);
  });
});
