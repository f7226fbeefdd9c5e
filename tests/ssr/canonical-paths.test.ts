/**
 * One address per page (decision 089): every other spelling of a page (its
 * letter case, a trailing slash, percent-encoded letters, a resource under
 * /resources/) answers a permanent redirect to it, or the not-found page
 * when there is no such page. Only the one address is rendered and kept, so
 * a stranger cannot fill the rendered-page store with spellings.
 */
import { describe, expect, it } from 'vitest';
import { seedPost, seedResource, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp({ site: { cache: { checkIntervalMs: 0, writeSettleMs: 0, rewarmWithinMs: 0 } } });

/** Every mix of upper and lower case of `word`'s letters, the first `count` of them. */
function caseSpellings(word: string, count: number): string[] {
  const spellings: string[] = [];
  for (let mask = 1; spellings.length < count && mask < 2 ** word.length; mask += 1) {
    spellings.push([...word].map((char, index) => (mask & (1 << index) ? char.toUpperCase() : char)).join(''));
  }
  return spellings;
}

describe('another spelling of a page', () => {
  it('answers 301 to the one address, keeping the query string', async () => {
    await seedPost(t, { slug: 'one-address-post', title: 'One Address' });
    await seedResource(t, { slug: 'one-address-guide', title: 'One Address Guide' });
    const cases: [string, string][] = [
      ['/Resources', '/resources'],
      ['/RESOURCES/', '/resources'],
      ['/resources/', '/resources'],
      ['/%72esources', '/resources'],
      ['/One-Address-Post', '/one-address-post'],
      ['/one-address-post/', '/one-address-post'],
      ['/resources/one-address-guide', '/one-address-guide'],
      ['/Resources/One-Address-Guide/', '/one-address-guide'],
      ['/Search?q=Tide', '/search?q=Tide'],
      ['/Contact-Us?from=footer', '/contact-us?from=footer'],
      // Never off the site: a doubled slash is not a host.
      ['//evil.example/', '/evil.example'],
    ];
    for (const [spelling, canonical] of cases) {
      const answer = await site.get(spelling);
      expect(answer.status, spelling).toBe(301);
      expect(answer.headers.get('location'), spelling).toBe(canonical);
    }
    expect((await site.get('/one-address-post')).status).toBe(200);
  });

  it('answers the not-found page when there is no page at the one address', async () => {
    for (const spelling of ['/No-Such-Page', '/no-such-page/', '/Newsletter/No-Such-Issue']) {
      const answer = await site.get(spelling);
      expect(answer.status, spelling).toBe(404);
      expect(answer.headers.get('location'), spelling).toBeNull();
      expect(await answer.text(), spelling).toContain('Not Found');
    }
    // SPEC.md: an unknown category leads home, whatever its spelling.
    const category = await site.get('/Category/No-Such-Category');
    expect(category.status).toBe(302);
    expect(category.headers.get('location')).toBe('/');
  });

  it('answers a form posted to it with 308, so the browser posts it again to the one address', async () => {
    const answer = await site.post('/Contact-Us', { name: 'A', email: 'a@example.com', message: 'Hello there' });
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('/contact-us');
  });

  it("keeps a private link's token as it is, without a referrer or a shared copy", async () => {
    const token = 'AbCdEf_0123456789-aBcDeFgHiJkLmNoPqRsTuVwXyZ';
    const answer = await site.get(`/SPONSOR-REPORT/${token}/`);
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`/sponsor-report/${token}`);
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('adds no row to the rendered-page store: 100 spellings of a page leave one', async () => {
    await seedPost(t, { slug: 'spelled-many-ways', title: 'Spelled Many Ways' });
    const spellings = caseSpellings('spelled-many-ways', 97).map((spelling) => `/${spelling}`);
    spellings.push('/spelled-many-ways/', '/%73pelled-many-ways', '/resources/spelled-many-ways');
    expect(new Set(spellings).size).toBe(100);
    for (const spelling of spellings) expect((await site.get(spelling)).status, spelling).toBe(301);
    expect((await site.get('/spelled-many-ways')).status).toBe(200);
    await expect
      .poll(async () => (await t.deps.db.selectFrom('rendered_pages').select('path').execute()).map((row) => row.path).filter((path) => /spelled/i.test(path)))
      .toEqual(['/spelled-many-ways']);
  });
});
