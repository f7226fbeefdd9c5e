/**
 * Public page forms refuse text that is not UTF-8, as the API refuses such a
 * JSON body: 400 with a clear message and nothing stored, rather than the
 * text stored with U+FFFD in place of what was sent. Raw bytes and
 * percent-encoded ones in a URL-encoded body, raw bytes in a multipart one;
 * posted without JavaScript and as React Router's data request.
 */
import { describe, expect, it } from 'vitest';
import { freshIp, type TestApp } from '../helpers/test-app.ts';
import { decodeHtml, useSiteApp, type SiteApp } from './site-app.ts';

const SPONSORED_PATH = '/submit-your-project-for-a-sponsored-post';
const REFUSAL = 'The form was not sent as UTF-8 text, so nothing was saved.';

const ascii = (text: string) => new TextEncoder().encode(text);
const join = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
};
/** `é` cut short: a lead byte followed by an ASCII one, which no UTF-8 text holds. */
const INVALID = new Uint8Array([0xc3, 0x28]);

/** A URL-encoded body whose `field` holds `value` as is, after the other fields. */
const urlEncoded = (fields: Record<string, string>, field: string, value: Uint8Array) =>
  join(ascii(`${new URLSearchParams(fields).toString()}&${field}=`), value);

const BOUNDARY = 'form-boundary-7MA4YWxkTrZu0gW';
/** A multipart body with the same fields, `field` holding `value` as is. */
const multipart = (fields: Record<string, string>, field: string, value: Uint8Array) =>
  join(
    ...Object.entries(fields).map(([name, text]) =>
      ascii(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`),
    ),
    ascii(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`),
    value,
    ascii(`\r\n--${BOUNDARY}--\r\n`),
  );

type Encoding = 'url-encoded' | 'multipart';

function postBytes(site: SiteApp, path: string, body: Uint8Array<ArrayBuffer>, encoding: Encoding, asData = false) {
  return site.app.request(`http://localhost${path}${asData ? '.data' : ''}`, {
    method: 'POST',
    headers: {
      accept: 'text/html',
      'content-type': encoding === 'multipart' ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/x-www-form-urlencoded',
      origin: 'http://localhost',
      'x-forwarded-for': freshIp(),
    },
    body,
    redirect: 'manual',
  });
}

/** The outcome printed in the page for a form posted without JavaScript. */
const statusBox = (html: string) => {
  const box = html.match(/<div [^>]*data-slot="alert"[^>]*role="(status|alert)"[^>]*>([\s\S]*?)<\/div><\/div>/);
  if (!box) return null;
  const texts = [...`${box[2] ?? ''}<`.matchAll(/>([^<]+)</g)].map((match) => decodeHtml(match[1] ?? '').trim()).filter(Boolean);
  return { role: box[1], texts };
};

const BODIES: [string, Encoding, Uint8Array][] = [
  ['raw bytes in a URL-encoded body', 'url-encoded', INVALID],
  ['percent-encoded bytes (%C3%28) in a URL-encoded body', 'url-encoded', ascii('%C3%28')],
  ['a lone percent-encoded continuation byte (%A9)', 'url-encoded', ascii('caf%A9')],
  ['raw bytes in a multipart body', 'multipart', INVALID],
];

const contactMessages = (t: TestApp) => t.deps.db.selectFrom('contact_submissions').select(['name', 'message']).execute();

describe('the contact form with text that is not UTF-8', () => {
  const { t, site } = useSiteApp();
  const fields = { website: '', name: 'Ada', email: 'ada@example.com' };

  it.each(BODIES)('refuses %s with 400 and stores nothing', async (_case, encoding, value) => {
    const body = encoding === 'multipart' ? multipart(fields, 'message', value) : urlEncoded(fields, 'message', value);
    const response = await postBytes(site, '/contact-us', body, encoding);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(statusBox(await response.text())).toEqual({ role: 'alert', texts: ['Error', REFUSAL] });

    const data = await postBytes(site, '/contact-us', body, encoding, true);
    expect(data.status).toBe(400);
    expect(await data.text()).toContain(REFUSAL);
    expect(await contactMessages(t)).toEqual([]);
  });

  it.each([
    ['raw', 'url-encoded', new Uint8Array([0x43, 0x61, 0x66, 0xc3, 0xa9])],
    ['percent-encoded', 'url-encoded', ascii('Caf%C3%A9')],
    ['multipart', 'multipart', new Uint8Array([0x43, 0x61, 0x66, 0xc3, 0xa9])],
  ] as const)('keeps UTF-8 text sent %s', async (_case, encoding, value) => {
    const name = `Sender ${_case}`;
    const body = encoding === 'multipart' ? multipart({ ...fields, name }, 'message', value) : urlEncoded({ ...fields, name }, 'message', value);
    const response = await postBytes(site, '/contact-us', body, encoding);
    expect(response.status).toBe(200);
    expect((await contactMessages(t)).filter((row) => row.name === name)).toEqual([{ name, message: 'Café' }]);
  });
});

describe('the sponsored post form with text that is not UTF-8', () => {
  const { t, site } = useSiteApp();
  const fields = {
    website: '',
    budget_range: '',
    project_url: 'https://www.kickstarter.com/projects/orbit-planter',
    contact_name: 'Katherine Johnson',
    contact_email: 'katherine@example.com',
    description: '',
    press_kit_url: '',
    terms_accepted: 'on',
  };

  it.each(BODIES)('refuses %s with 400 and stores nothing', async (_case, encoding, value) => {
    const body = encoding === 'multipart' ? multipart(fields, 'project_name', value) : urlEncoded(fields, 'project_name', value);
    const response = await postBytes(site, SPONSORED_PATH, body, encoding);
    expect(response.status).toBe(400);
    expect(statusBox(await response.text())).toEqual({ role: 'alert', texts: ['Error', REFUSAL] });
    expect((await postBytes(site, SPONSORED_PATH, body, encoding, true)).status).toBe(400);
    expect(await t.deps.db.selectFrom('sponsored_submissions').select('id').execute()).toEqual([]);
  });
});
