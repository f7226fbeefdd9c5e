/** The site's time zone, an owner setting: an IANA name, UTC until set; anything else is refused and changes nothing. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

async function settings(token: string) {
  const current = await t.request('GET', '/admin/settings/site', { token });
  expect(current.status).toBe(200);
  const { privacy_policy_updated: _privacy, terms_updated: _terms, ...values } = current.body as Record<string, unknown>;
  return values;
}

describe('the time_zone site setting', () => {
  it('is UTC until the owner sets another zone, which is then kept', async () => {
    const token = await t.adminToken();
    const before = await settings(token);
    expect(before.time_zone).toBe('UTC');
    const saved = await t.request('PUT', '/admin/settings/site', { token, body: { ...before, time_zone: 'America/Sao_Paulo' } });
    expect(saved.status).toBe(200);
    expect((await settings(token)).time_zone).toBe('America/Sao_Paulo');
  });

  it('refuses a name that is not a time zone with 400 naming the field, and changes nothing', async () => {
    const token = await t.adminToken();
    const before = await settings(token);
    for (const zone of ['Mars/Olympus_Mons', 'EST', '+02:00']) {
      const refused = await t.request('PUT', '/admin/settings/site', { token, body: { ...before, time_zone: zone } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^Time zone must be a time zone name such as Europe\/Paris, or UTC/),
      });
    }
    expect(await settings(token)).toEqual(before);
  });
});
