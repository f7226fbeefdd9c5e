/**
 * Every address field refuses control characters, and stores the address as
 * the browser reads it. `new URL()` drops tabs and line breaks while a
 * stored value would keep them: a campaign URL carrying `\r\nSet-Cookie:`
 * passed the check, was saved, and broke the redirect that sends it on as a
 * header. Each field is driven through the API: a value with a line break,
 * a tab, a C0 or C1 control character or DEL is a 400 naming the field, with
 * nothing stored; an address `new URL()` tidies is stored as its `href`.
 * Runs on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SiteSettingsJson } from '../../common/schemas/site-settings.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const BASE = 'https://www.kickstarter.com/projects/reed';
/** One address per kind of control character, each inside the value (a trim would drop one at the ends). */
const WITH_CONTROLS: [kind: string, value: string][] = [
  ['CR LF', `${BASE}\r\nSet-Cookie: x=1`],
  ['LF', `${BASE}\n/clock`],
  ['tab', `${BASE}\t/clock`],
  ['BEL (C0)', `${BASE}\u0007/clock`],
  ['NEL (C1)', `${BASE}\u0085/clock`],
  ['DEL', `${BASE}\u007f/clock`],
];
/** An address `new URL()` rewrites, and what it rewrites it to. */
const UNTIDY = 'HTTPS://WWW.Kickstarter.com/projects/reed clock/../reed-clock';
const TIDY = 'https://www.kickstarter.com/projects/reed-clock';

const controlMessage = (label: string) => `${label} must be a single line, without line breaks or control characters`;

let counter = 0;
const admin = adminCalls(t, { ip: freshIp });

const postBody = (changes: Record<string, unknown>) => {
  counter += 1;
  return { title: `Reed clock ${counter}`, slug: `reed-clock-url-${counter}`, content: 'A clock.', status: 'draft', category_ids: [], ...changes };
};
const resourceBody = (changes: Record<string, unknown>) => {
  counter += 1;
  return { title: `Reed guide ${counter}`, slug: `reed-guide-url-${counter}`, content: 'A guide.', status: 'draft', ...changes };
};
const rowCount = async (table: 'posts' | 'resources' | 'sponsored_submissions') =>
  Number((await t.handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);

function expectRefused(response: { status: number; body: { error?: string; message?: string } }, label: string, kind: string) {
  expect(response.status, `${label} with ${kind}`).toBe(400);
  expect(response.body.error).toBe('VALIDATION_FAILED');
  expect(response.body.message, `${label} with ${kind}`).toBe(controlMessage(label));
}

describe('a post or resource', () => {
  it("refuses control characters in the campaign URL (either of its names) and the cover, and stores nothing", async () => {
    const posts = await rowCount('posts');
    const resources = await rowCount('resources');
    for (const [kind, value] of WITH_CONTROLS) {
      expectRefused(await admin('POST', '/admin/posts', postBody({ campaign_url: value })), 'Campaign URL', kind);
      expectRefused(await admin('POST', '/admin/posts', postBody({ campaign: { platform: 'kickstarter', url: value } })), 'Campaign URL', kind);
      expectRefused(await admin('POST', '/admin/posts', postBody({ cover_image: value })), 'Cover image', kind);
      expectRefused(await admin('POST', '/admin/resources', resourceBody({ cover_image: value })), 'Cover image', kind);
    }
    expect(await rowCount('posts')).toBe(posts);
    expect(await rowCount('resources')).toBe(resources);
  });

  it('refuses them on an update too, leaving the stored address as it was', async () => {
    const created = await admin('POST', '/admin/posts', postBody({ campaign_url: BASE }));
    expect(created.status).toBe(201);
    const current = (await admin('GET', `/admin/posts/${created.body.id}`)).body;
    const { id: _id, ...values } = current;
    expectRefused(await admin('PUT', `/admin/posts/${created.body.id}`, { ...values, campaign_url: WITH_CONTROLS[0]?.[1] }), 'Campaign URL', 'CR LF');
    const stored = await t.handle.db.selectFrom('posts').select('campaign_url').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(stored.campaign_url).toBe(BASE);
  });

  it('stores the campaign URL and the cover as their normalised href', async () => {
    const post = await admin('POST', '/admin/posts', postBody({ campaign_url: UNTIDY, cover_image: 'https://Images.Example/covers/reed clock.png' }));
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const stored = await t.handle.db.selectFrom('posts').select(['campaign_url', 'cover_image']).where('id', '=', post.body.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ campaign_url: TIDY, cover_image: 'https://images.example/covers/reed%20clock.png' });

    const resource = await admin('POST', '/admin/resources', resourceBody({ cover_image: 'https://Images.Example/guides/a b.png' }));
    expect(resource.status, JSON.stringify(resource.body)).toBe(201);
    const storedResource = await t.handle.db.selectFrom('resources').select('cover_image').where('id', '=', resource.body.id).executeTakeFirstOrThrow();
    expect(storedResource.cover_image).toBe('https://images.example/guides/a%20b.png');
  });
});

describe('the sponsored post form', () => {
  const form = (changes: Record<string, unknown>) => ({
    project_name: `Reed Clock ${++counter}`,
    project_url: BASE,
    contact_name: 'Grace Hopper',
    contact_email: `reed.${counter}@example.com`,
    description: 'A clock of reeds.',
    terms_accepted: true,
    ...changes,
  });
  const submit = (body: unknown) => t.request('POST', '/payments/create-checkout', { ip: freshIp(), body });

  it('refuses control characters in the project URL and the press kit URL, and stores nothing', async () => {
    const before = await rowCount('sponsored_submissions');
    for (const [kind, value] of WITH_CONTROLS) {
      expectRefused(await submit(form({ project_url: value })), 'Project URL', kind);
      expectRefused(await submit(form({ press_kit_url: value })), 'Press kit URL', kind);
    }
    expect(await rowCount('sponsored_submissions')).toBe(before);
  });

  it('stores both addresses as their normalised href', async () => {
    const body = form({ project_url: UNTIDY, press_kit_url: 'https://Press.Example/kit' });
    const started = await submit(body);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const stored = await t.handle.db
      .selectFrom('sponsored_submissions')
      .select(['project_url', 'press_kit_url'])
      .where('contact_email', '=', body.contact_email)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ project_url: TIDY, press_kit_url: 'https://press.example/kit' });
  });
});

describe('the site settings', () => {
  const read = async () => (await admin('GET', '/admin/settings/site')).body as SiteSettingsJson;
  const edited = async (changes: Record<string, unknown>) => {
    const { privacy_policy_updated: _p, terms_updated: _t, ...values } = await read();
    return { ...values, ...changes };
  };

  it('refuse control characters in the logo and every social profile, and store nothing', async () => {
    const before = await read();
    for (const [kind, value] of WITH_CONTROLS) {
      const https = value.replace(BASE, 'https://cdn.example/logo');
      expectRefused(await admin('PUT', '/admin/settings/site', await edited({ logo_url: https })), 'Logo', kind);
      expectRefused(await admin('PUT', '/admin/settings/site', await edited({ logo_url: `/uploads/logo${value.slice(BASE.length)}.png` })), 'Logo', kind);
      for (const network of SOCIAL_NETWORKS) {
        expectRefused(await admin('PUT', '/admin/settings/site', await edited({ social: { [network]: value } })), SOCIAL_NETWORK_LABELS[network], kind);
      }
    }
    expect(await read()).toEqual(before);
  });

  it('store the logo and the profiles as their normalised href', async () => {
    const saved = await admin('PUT', '/admin/settings/site', await edited({ logo_url: 'https://CDN.Example/logo.png', social: { x: 'https://X.com/showcase', youtube: 'https://youtube.com/@Show Case' } }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = await read();
    expect(stored.logo_url).toBe('https://cdn.example/logo.png');
    expect(stored.social).toMatchObject({ x: 'https://x.com/showcase', youtube: 'https://youtube.com/@Show%20Case' });
  });
});

describe("the editor's campaign page request", () => {
  it('refuses control characters in its URL before anything is fetched', async () => {
    for (const [kind, value] of WITH_CONTROLS) {
      expectRefused(await admin('POST', '/admin/campaign-preview', { url: value }), 'Campaign URL', kind);
    }
  });
});
