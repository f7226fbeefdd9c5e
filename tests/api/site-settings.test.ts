/**
 * The site settings owners and administrators edit: validation, who may
 * read and save them, lost updates refused, the audit entry, and the
 * fingerprint that tells every server's page cache of a save.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_POLICY_TEMPLATE } from '../../common/legal-templates.ts';
import { SITE_SETTINGS_DEFAULTS, type SiteSettingsJson } from '../../common/schemas/site-settings.ts';
import { readContentFingerprint } from '../../server/freshness/content-changes.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
const LOGO_RULE = 'Logo must be an uploaded image (/uploads/…), an image of this site (/images/…) or an https:// address';
const PASSWORD = 'a long enough password for settings';
const tokens: Record<'admin' | 'editor', string> = { admin: '', editor: '' };

beforeAll(async () => {
  for (const role of ['admin', 'editor'] as const) {
    const email = `${role}.site-settings@example.com`;
    await t.createUserWithRole(email, PASSWORD, role);
    tokens[role] = (await t.login(email, PASSWORD)).access_token;
  }
});

const read = async (token?: string) =>
  t.request<SiteSettingsJson>('GET', '/admin/settings/site', { token: token ?? (await t.adminToken()), ip: freshIp() });
const save = async (body: unknown, token?: string) =>
  t.request('PUT', '/admin/settings/site', { token: token ?? (await t.adminToken()), ip: freshIp(), body });

/** The stored settings with `changes`, as a save sends them. */
async function edited(changes: Record<string, unknown>) {
  const { body } = await read();
  const { privacy_policy_updated: _p, terms_updated: _t, ...values } = body;
  return { ...values, ...changes };
}

describe('site settings', () => {
  it('start as today\'s texts, with no social proof claimed', async () => {
    const response = await read();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ...SITE_SETTINGS_DEFAULTS,
      version: 0,
      privacy_policy_updated: '2025-10-15',
      terms_updated: '2025-10-15',
    });
    expect(response.body.social_proof).toBeNull();
    expect(response.body.privacy_policy_md).toBe(PRIVACY_POLICY_TEMPLATE);
    // SPEC.md section 1's promises, and the texts the pages showed before they could be reworded.
    expect(response.body).toMatchObject({
      hero_heading: 'Crowdfunding projects worth backing',
      hero_text: 'Hand-picked Kickstarter and Indiegogo campaigns, reviewed before they reach you.',
      sponsored_response_time: '24-48 hours',
      sponsored_live_time: '3-5 days',
      contact_line: 'We answer within two working days.',
    });
    expect(response.body.sponsored_includes).toContain('Social sharing: Shared on our social channels to reach backers where they are.');
  });

  it('refuse invalid values, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ site_name: '' }, 'site_name', 'Site name is required'],
      [{ site_name: 'x'.repeat(81) }, 'site_name', 'Site name must be at most 80 characters'],
      [{ tagline: 'x'.repeat(161) }, 'tagline', 'Tagline must be at most 160 characters'],
      [{ site_name: 'Showcase\r\nBcc: everyone@example.com' }, 'site_name', 'Site name must be a single line, without line breaks or control characters'],
      [{ site_name: 'Show\u0007case' }, 'site_name', 'Site name must be a single line, without line breaks or control characters'],
      [{ site_name: 'Show\u2028case' }, 'site_name', 'Site name must be a single line, without line breaks or control characters'],
      [{ tagline: 'Reviewed\nbefore they reach you' }, 'tagline', 'Tagline must be a single line, without line breaks or control characters'],
      [{ tagline: 'Reviewed\tbefore' }, 'tagline', 'Tagline must be a single line, without line breaks or control characters'],
      [{ logo_url: 'http://example.com/logo.png' }, 'logo_url', LOGO_RULE],
      [{ logo_url: '//evil.example/logo.png' }, 'logo_url', LOGO_RULE],
      [{ contact_email: 'nobody' }, 'contact_email', 'Email must contain an @ symbol'],
      [{ privacy_email: '' }, 'privacy_email', 'Privacy email is required'],
      [{ social: { x: 'javascript:alert(1)' } }, 'social', 'X (Twitter) must be an https:// URL'],
      [{ social_proof: 'x'.repeat(121) }, 'social_proof', 'Social proof line must be at most 120 characters'],
      [{ terms_md: 'x'.repeat(100_001) }, 'terms_md', 'Terms of service must be at most 100 KB'],
      [{ hero_heading: '  ' }, 'hero_heading', 'Home heading is required'],
      [{ meta_description: 'x'.repeat(301) }, 'meta_description', 'Meta description must be at most 300 characters'],
      [{ sponsored_response_time: '' }, 'sponsored_response_time', 'Response time is required'],
      [{ sponsored_live_time: undefined }, 'sponsored_live_time', 'Time to go live is required'],
      [{ sponsored_includes: [] }, 'sponsored_includes', 'What is included needs at least one line'],
      [{ sponsored_includes: Array.from({ length: 9 }, (_, i) => `Item ${i}`) }, 'sponsored_includes', 'What is included must be at most 8 lines'],
      [{ sponsored_includes: 'A written review' }, 'sponsored_includes', 'What is included must be a list of lines'],
      [{ contact_line: 'x'.repeat(201) }, 'contact_line', 'Contact page line must be at most 200 characters'],
    ];
    for (const [changes, , message] of cases) {
      const response = await save(await edited(changes));
      expect(response.status, JSON.stringify(changes).slice(0, 80)).toBe(400);
      expect(response.body.error).toBe('VALIDATION_FAILED');
      expect(response.body.message).toContain(message);
    }
    expect((await read()).body.version).toBe(0);
  });

  it('are read and saved by owners and administrators, never by editors', async () => {
    expect((await read(tokens.editor)).status).toBe(403);
    expect((await save(await edited({ site_name: 'Editor Was Here' }), tokens.editor)).status).toBe(403);
    expect((await read(tokens.admin)).status).toBe(200);
    const saved = await save(await edited({ site_name: 'Admin Showcase' }), tokens.admin);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ site_name: 'Admin Showcase', version: 1 });
    // Staff security stays the owner's.
    expect((await t.request('GET', '/admin/settings/security', { token: tokens.admin, ip: freshIp() })).status).toBe(403);
  });

  it('refuse a save made from a stale copy (409 VERSION_CONFLICT)', async () => {
    const stale = await edited({ site_name: 'First Writer' });
    const second = { ...stale, site_name: 'Second Writer' };
    expect((await save(stale)).status).toBe(200);
    const refused = await save(second);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('VERSION_CONFLICT');
    expect((await read()).body.site_name).toBe('First Writer');
  });

  it('are audited as settings.update with the names of the fields that changed', async () => {
    const before = (await read()).body.version;
    expect((await save(await edited({ tagline: 'Audited tagline', social: { youtube: 'https://youtube.com/@showcase' } }))).status).toBe(200);
    const row = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ entity: 'settings', entity_id: 'site', version_before: before, version_after: before + 1 });
    expect(JSON.parse(row.detail ?? 'null')).toEqual({ changed: ['tagline', 'social'] });
  });

  it('date a legal text when it changes, and keep the other date', async () => {
    const response = await save(await edited({ privacy_policy_md: '# Our own policy\n\nShort and clear.' }));
    expect(response.status).toBe(200);
    expect(response.body.privacy_policy_updated).toBe(new Date().toISOString().slice(0, 10));
    expect(response.body.terms_updated).toBe('2025-10-15');
  });

  it('change the content fingerprint, so every server drops its cached pages', async () => {
    const before = await readContentFingerprint(t.handle.db);
    expect((await save(await edited({ site_name: 'Fingerprinted Showcase' }))).status).toBe(200);
    expect(await readContentFingerprint(t.handle.db)).not.toBe(before);
  });

  it('keep the home texts, the promises and the contact line as saved, trimmed', async () => {
    const response = await save(
      await edited({
        hero_heading: '  Campaigns we back  ',
        hero_text: '',
        meta_description: 'Read closely.',
        sponsored_response_time: 'a day',
        sponsored_live_time: 'a week',
        sponsored_includes: [' A review: Long and honest. ', 'A podcast mention'],
        contact_line: 'We answer the same week.',
      }),
    );
    expect(response.status).toBe(200);
    const expected = {
      hero_heading: 'Campaigns we back',
      hero_text: null,
      meta_description: 'Read closely.',
      sponsored_response_time: 'a day',
      sponsored_live_time: 'a week',
      sponsored_includes: ['A review: Long and honest.', 'A podcast mention'],
      contact_line: 'We answer the same week.',
    };
    expect(response.body).toMatchObject(expected);
    expect((await read()).body).toMatchObject(expected);
  });
});

describe("the logo's address", () => {
  // The same rules as a cover's (common/site-images.ts): an upload, an image of the site, or https.
  it.each([
    '/admin/logo.png',
    '/api/media/logo.png',
    '/favicon.svg',
    '/uploads/../admin/logo.png',
    '/uploads/%2e%2e/logo.png',
    '/uploads//logo.png',
    '/uploads/./logo.png',
    '/uploads/logo.png?size=1',
    '/uploads/',
    '/images/',
    'http://localhost/admin/logo.png',
    'http://localhost/uploads/../logo.png',
    'http://cdn.example/logo.png',
    'javascript:alert(1)',
  ])('refuses %s as a cover would, naming the field, and stores nothing', async (logo) => {
    const before = (await read()).body;
    const refused = await save(await edited({ logo_url: logo }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining(LOGO_RULE) });
    expect((await read()).body).toEqual(before);
    // The cover field says the same of it.
    const cover = await t.request('POST', '/admin/posts', {
      token: await t.adminToken(),
      body: { title: 'Logo rules', slug: `logo-rules-${Date.now()}`, content: 'x', status: 'draft', cover_image: logo },
    });
    expect(cover.status).toBe(400);
    expect(cover.body.message).toContain(LOGO_RULE.replace('Logo', 'Cover image'));
  });

  it.each([
    ['/uploads/2026/12/logo.png', '/uploads/2026/12/logo.png'],
    ['/images/demo/logo.webp', '/images/demo/logo.webp'],
    ['http://localhost/uploads/logo.png', '/uploads/logo.png'],
    ['https://CDN.Example/logo.png', 'https://cdn.example/logo.png'],
  ])('stores %s as %s', async (logo, stored) => {
    const saved = await save(await edited({ logo_url: logo }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await read()).body.logo_url).toBe(stored);
  });
});
