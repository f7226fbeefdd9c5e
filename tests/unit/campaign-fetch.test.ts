/**
 * Reading campaign pages safely: the addresses refused, each redirect hop
 * checked, the deadline, the size cap and the User-Agent; Kickstarter's
 * stats turned into facts exactly; Open Graph tags read as a browser would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusedAddress, unmapIpv4 } from '../../server/outbound/address-policy.ts';
import { decimalToMinorUnits, parseKickstarterStats, statsUrl } from '../../server/campaigns/kickstarter-stats.ts';
import { readOpenGraph } from '../../server/campaigns/open-graph.ts';
import { anyAddress, DEFAULT_FETCH_LIMITS, publicOnly, safeFetch, type FetchPolicy } from '../../server/campaigns/safe-fetch.ts';
import { CAMPAIGN_PAGE_HTML, startCampaignPages, type CampaignPages } from '../helpers/campaign-pages.ts';

describe('addresses a campaign page may come from', () => {
  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '198.18.0.1',
    '198.19.255.254',
    '192.0.0.8',
    '192.0.0.170',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '233.252.0.1',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    'ff05::1:3',
    'ff0e::101',
    'FF01::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:100.64.0.1',
    '::ffff:6440:1',
    '::ffff:198.18.0.1',
    '::ffff:c612:1',
    '::ffff:192.0.0.170',
    '::ffff:224.0.0.251',
    '::ffff:e000:fb',
    '0:0:0:0:0:ffff:6440:0001',
    '[::ffff:198.18.0.1]',
    '::ffff:0:7f00:1',
    '64:ff9b:1::a9fe:a9fe',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '64:ff9b::a9fe:a9fe',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '104.16.0.1', '172.32.0.1', '100.63.255.255', '100.128.0.1', '198.17.255.255', '198.20.0.1', '192.0.1.1', '223.255.255.254', '2606:4700::6810:1', 'fe00::1', '::ffff:8.8.8.8'])('allows the public %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('reads an IPv4-mapped address in either spelling', () => {
    expect(unmapIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(unmapIpv4('::FFFF:c0a8:1')).toBe('192.168.0.1');
    expect(unmapIpv4('0:0:0:0:0:ffff:c0a8:0001')).toBe('192.168.0.1');
    expect(unmapIpv4('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('Kickstarter stats', () => {
  it('finds the stats document beside the project page', () => {
    expect(statsUrl('https://www.kickstarter.com/projects/someone/tiny-forest?ref=discovery#faq')).toBe(
      'https://www.kickstarter.com/projects/someone/tiny-forest/stats.json',
    );
    expect(statsUrl('https://www.kickstarter.com/projects/someone/tiny-forest/')).toBe(
      'https://www.kickstarter.com/projects/someone/tiny-forest/stats.json',
    );
  });

  it('converts pledged to minor units digit by digit', () => {
    expect(decimalToMinorUnits('1234.0', 2)).toBe(123400);
    expect(decimalToMinorUnits('0.29', 2)).toBe(29);
    expect(decimalToMinorUnits('1.005', 3)).toBe(1005);
    expect(decimalToMinorUnits('48210.50', 2)).toBe(4821050);
    expect(decimalToMinorUnits('5000.0', 0)).toBe(5000);
    expect(decimalToMinorUnits('5000', 2)).toBe(500000);
    // Not exact in the currency, or not a number at all.
    expect(decimalToMinorUnits('5000.5', 0)).toBeNull();
    expect(decimalToMinorUnits('1.234', 2)).toBeNull();
    expect(decimalToMinorUnits('-1.00', 2)).toBeNull();
    expect(decimalToMinorUnits('1e3', 2)).toBeNull();
    expect(decimalToMinorUnits('', 2)).toBeNull();
  });

  it('reads pledged, backers and state', () => {
    const body = JSON.stringify({ project: { id: 1, state: 'live', backers_count: 241, pledged: '48210.0', comments_count: 3 } });
    expect(parseKickstarterStats(body, 'USD')).toEqual({ pledged: 4821000, backers: 241, state: 'live' });
    expect(parseKickstarterStats(body, 'JPY')).toEqual({ pledged: 48210, backers: 241, state: 'live' });
    const ended = JSON.stringify({ project: { state: 'successful', backers_count: 0, pledged: '0.0' } });
    expect(parseKickstarterStats(ended, 'EUR')).toEqual({ pledged: 0, backers: 0, state: 'successful' });
  });

  it('leaves the state alone when Kickstarter\'s has no counterpart', () => {
    const body = JSON.stringify({ project: { state: 'suspended', backers_count: 5, pledged: '10.0' } });
    expect(parseKickstarterStats(body, 'USD')).toEqual({ pledged: 1000, backers: 5 });
  });

  it.each([
    ['not JSON', '<html>Just a moment</html>', /not JSON/],
    ['no project', '{"errors":["nope"]}', /no project/],
    ['pledged not a decimal', '{"project":{"pledged":"lots","backers_count":1}}', /pledged/],
    ['backers not a count', '{"project":{"pledged":"1.0","backers_count":-1}}', /backer/],
  ])('refuses %s', (_case, body, message) => {
    expect(() => parseKickstarterStats(body, 'USD')).toThrow(message);
  });
});

describe('Open Graph tags', () => {
  it('reads the title, description and image, whatever the attribute order and quoting', async () => {
    expect(await readOpenGraph(CAMPAIGN_PAGE_HTML, 'https://example.org/projects/tiny-forest')).toEqual({
      title: 'Tiny Forest & Friends: a board game',
      description: 'A cooperative game about "growing" a forest.',
      image: 'https://example.org/images/cover.jpg',
      creator_name: null,
      location: null,
      video_url: null,
      reward_from: null,
    });
  });

  it('reads the campaign basics a page names: its author, its place, a YouTube or Vimeo video and a product price', async () => {
    const page = `<html><head>
      <meta name="author" content="Loomwright">
      <meta property="og:locality" content="Lisbon"><meta property="og:country-name" content="Portugal">
      <meta property="og:video" content="https://www.dailymotion.com/video/x7tgad0">
      <meta property="og:video:url" content="https://www.youtube.com/embed/dQw4w9WgXcQ">
      <meta property="product:price:amount" content="89.00"><meta property="product:price:currency" content="eur">
    </head></html>`;
    expect(await readOpenGraph(page, 'https://example.org/')).toMatchObject({
      creator_name: 'Loomwright',
      location: 'Lisbon, Portugal',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      reward_from: { amount: '89.00', currency: 'EUR' },
    });
    const odd = `<html><head><meta name="author" content="https://example.org/people/1"><meta name="geo.placename" content="Porto">
      <meta property="og:video" content="https://www.dailymotion.com/video/x7tgad0"><meta property="product:price:amount" content="cheap"></head></html>`;
    expect(await readOpenGraph(odd, 'https://example.org/')).toMatchObject({ creator_name: null, location: 'Porto', video_url: null, reward_from: null });
  });

  it('falls back to the page title and description, and drops an image that is not http(s)', async () => {
    const page = '<html><head><title> Plain \n title </title><meta name="description" content="Plain"><meta property="og:image" content="javascript:alert(1)"></head></html>';
    expect(await readOpenGraph(page, 'https://example.org/')).toMatchObject({ title: 'Plain title', description: 'Plain', image: null });
  });

  it('gives nothing for a page without any', async () => {
    expect(await readOpenGraph('<p>hello', 'https://example.org/')).toEqual({
      title: null,
      description: null,
      image: null,
      creator_name: null,
      location: null,
      video_url: null,
      reward_from: null,
    });
  });
});

describe('safeFetch against a local platform', () => {
  let pages: CampaignPages;
  beforeAll(async () => {
    pages = await startCampaignPages();
  });
  afterAll(async () => {
    await pages.close();
  });

  const policy = (changes: Partial<FetchPolicy> = {}): FetchPolicy => ({
    ...DEFAULT_FETCH_LIMITS,
    isAllowedAddress: anyAddress,
    userAgent: 'Test Site (+https://site.example)',
    accept: 'application/json',
    ...changes,
  });

  it('reads a page and names the site in its User-Agent', async () => {
    const page = await safeFetch(`${pages.origin}/good/stats.json`, policy());
    expect(page.status).toBe(200);
    expect(JSON.parse(page.body)).toMatchObject({ project: { backers_count: 241 } });
    expect(pages.requests.at(-1)).toEqual({ path: '/good/stats.json', userAgent: 'Test Site (+https://site.example)' });
  });

  it('refuses loopback and private addresses when only public ones are allowed, before connecting', async () => {
    const before = pages.requests.length;
    await expect(safeFetch(`${pages.origin}/good/stats.json`, policy({ isAllowedAddress: publicOnly }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/private or local address/),
    });
    await expect(safeFetch(`http://localhost:${pages.port}/good/stats.json`, policy({ isAllowedAddress: publicOnly }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(safeFetch(`http://[::ffff:127.0.0.1]:${pages.port}/good/stats.json`, policy({ isAllowedAddress: publicOnly }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(pages.requests.length).toBe(before);
  });

  it('refuses what is not http(s)', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/', 'gopher://127.0.0.1/', 'not a url', 'http://user:pw@example.org/']) {
      await expect(safeFetch(url, policy())).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('checks every redirect hop: one leading to a refused address is not followed', async () => {
    // 127.0.0.1 stands for a public address here, and every other loopback address for a private one.
    const onlyFirst = (address: string) => address === '127.0.0.1';
    const followed = await safeFetch(`${pages.origin}/redirect/stats.json`, policy({ isAllowedAddress: onlyFirst }));
    expect(followed.url).toBe(`${pages.origin}/good/stats.json`);
    const before = pages.requests.length;
    await expect(safeFetch(`${pages.origin}/redirect-elsewhere`, policy({ isAllowedAddress: onlyFirst }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/127\.0\.0\.2 is a private or local address/),
    });
    expect(pages.requests.slice(before).map((request) => request.path)).toEqual(['/redirect-elsewhere']);
  });

  it('gives up on endless redirects', async () => {
    await expect(safeFetch(`${pages.origin}/redirect-loop`, policy())).rejects.toMatchObject({
      code: 'CAMPAIGN_FETCH_FAILED',
      message: expect.stringMatching(/redirected more than 5 times/),
    });
  });

  it('ends a read that hangs at its deadline', async () => {
    await expect(safeFetch(`${pages.origin}/hang/stats.json`, policy({ timeoutMs: 200 }))).rejects.toMatchObject({
      code: 'CAMPAIGN_FETCH_FAILED',
      message: expect.stringMatching(/did not answer within/),
    });
  });

  it('stops reading past the size cap', async () => {
    await expect(safeFetch(`${pages.origin}/huge`, policy({ maxBytes: 64 * 1024 }))).rejects.toMatchObject({
      code: 'CAMPAIGN_FETCH_FAILED',
      message: expect.stringMatching(/larger than 64 KB/),
    });
  });

  it('hands back any other status for the caller to judge', async () => {
    expect((await safeFetch(`${pages.origin}/forbidden/stats.json`, policy())).status).toBe(403);
  });
});
