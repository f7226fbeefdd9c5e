/**
 * "Ending soon" means one thing on every page: a live campaign ending within
 * 48 hours, as its badge says. `/ending-soon` and the home page's band list
 * those first and the other live campaigns under "Ending next"; the home
 * page shows each post once, its mosaic led by the newest pinned post, else
 * the newest editorial one; and both pages expire at the second a campaign crosses the line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeHtml, sectionOf, seedCampaignPost, seedPost, textsOf, useSiteApp } from './site-app.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The titles of the post cards or tiles in some markup, in order. */
const cardTitles = (html: string) => textsOf(html, 'h3');

/** A live campaign ending `endsIn` seconds from `now`. */
const liveUntil = (now: number, endsIn: number) => ({
  goal: 100_000,
  pledged: 40_000,
  backers: 12,
  launched_at: now - 20 * DAY,
  ends_at: now + endsIn,
  state: 'live',
});

describe('the campaigns ending soon, at the 48-hour line', () => {
  // Every render afresh from the clock: the page cache checks its sources on every request.
  const { t, site } = useSiteApp({ site: { cache: { checkIntervalMs: 0, writeSettleMs: 0 } } });
  let start: number;

  beforeAll(async () => {
    start = Math.floor(Date.now() / 1000) + 1;
    // Frozen, so "a second either side of the line" holds however slow the run.
    vi.useFakeTimers({ toFake: ['Date'], now: start * 1000 });
    await seedCampaignPost(t, { slug: 'inside-line', title: 'Inside Line', publishedDaysAgo: 3 }, liveUntil(start, 48 * HOUR - 1));
    await seedCampaignPost(t, { slug: 'outside-line', title: 'Outside Line', publishedDaysAgo: 2 }, liveUntil(start, 48 * HOUR + 1));
    await seedCampaignPost(t, { slug: 'weeks-away', title: 'Weeks Away', publishedDaysAgo: 1 }, liveUntil(start, 44 * DAY));
    await seedCampaignPost(t, { slug: 'far-future', title: 'Far Future', publishedDaysAgo: 1 }, liveUntil(start, 60 * DAY));
    for (const [slug, title, daysAgo] of [
      ['plain-one', 'Plain One', 4],
      ['plain-two', 'Plain Two', 5],
    ] as const) {
      await seedCampaignPost(t, { slug, title, publishedDaysAgo: daysAgo }, null);
    }
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it('lists on /ending-soon the campaign ending 48 h - 1 s from now first, and the one ending at 48 h + 1 s under "Ending next"', async () => {
    const html = await (await site.get('/ending-soon')).text();
    const soon = sectionOf(html, 'ending-soon-projects');
    expect(textsOf(soon, 'h2')).toEqual(['Ending in the next 48 hours']);
    expect(cardTitles(soon)).toEqual(['Inside Line']);
    const next = sectionOf(html, 'ending-next-projects');
    expect(textsOf(next, 'h2')).toEqual(['Ending next']);
    expect(cardTitles(next)).toEqual(['Outside Line', 'Weeks Away', 'Far Future']);
  });

  it('shows in the home band only the campaign within 48 hours, says there are few, and fills up to three under "Ending next"', async () => {
    const html = await (await site.get('/')).text();
    const band = sectionOf(html, 'ending-soon');
    expect(textsOf(band, 'h2')).toEqual(['Ending in the next 48 hours']);
    expect(cardTitles(band)).toEqual(['Inside Line']);
    expect(decodeHtml(band)).toContain('Only one campaign ends in the next 48 hours.');
    expect(cardTitles(sectionOf(html, 'ending-next'))).toEqual(['Outside Line', 'Weeks Away']);
  });

  it('shows each post once on the home page: the band\'s posts are left out of the mosaic and the grid', async () => {
    const html = await (await site.get('/')).text();
    const mosaic = sectionOf(html, 'latest-projects');
    expect(cardTitles(mosaic)).toEqual(['Far Future', 'Plain One', 'Plain Two']);
    for (const title of ['Inside Line', 'Outside Line', 'Weeks Away']) {
      expect(mosaic).not.toContain(`>${title}<`);
    }
    expect(html).not.toContain('aria-labelledby="more-projects"');
    const titles = cardTitles(html);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('renders both pages afresh at the second a campaign crosses the line, with no write in between', async () => {
    const crossing = start + 1;
    for (const path of ['/', '/ending-soon']) {
      expect((await site.get(path)).headers.get('expires')).toBe(new Date(crossing * 1000).toUTCString());
    }

    vi.setSystemTime(crossing * 1000);
    const home = await (await site.get('/')).text();
    expect(cardTitles(sectionOf(home, 'ending-soon'))).toEqual(['Inside Line', 'Outside Line']);
    expect(cardTitles(sectionOf(home, 'ending-next'))).toEqual(['Weeks Away']);
    expect(cardTitles(sectionOf(home, 'latest-projects'))).toEqual(['Far Future', 'Plain One', 'Plain Two']);
    const page = await (await site.get('/ending-soon')).text();
    expect(cardTitles(sectionOf(page, 'ending-soon-projects'))).toEqual(['Inside Line', 'Outside Line']);
    expect(cardTitles(sectionOf(page, 'ending-next-projects'))).toEqual(['Weeks Away', 'Far Future']);
  });
});

describe('the home page\'s mosaic', () => {
  const { t, site } = useSiteApp();

  beforeAll(async () => {
    await seedPost(t, { slug: 'paid-newest', title: 'Paid Newest', sponsored: true, daysAgo: 0 });
    await seedPost(t, { slug: 'paid-second', title: 'Paid Second', sponsored: true, daysAgo: 1 });
    await seedPost(t, { slug: 'our-review', title: 'Our Review', daysAgo: 2 });
    await seedPost(t, { slug: 'older-review', title: 'Older Review', daysAgo: 3 });
  });

  it('leads with the newest editorial post, never a newer sponsored one, the rest newest first', async () => {
    const mosaic = sectionOf(await (await site.get('/')).text(), 'latest-projects');
    expect(cardTitles(mosaic)).toEqual(['Our Review', 'Paid Newest', 'Paid Second', 'Older Review']);
  });
});

describe('a post an editor pinned', () => {
  const { t, site } = useSiteApp();

  beforeAll(async () => {
    await seedPost(t, { slug: 'our-review', title: 'Our Review', daysAgo: 1 });
    for (let day = 2; day <= 22; day += 1) {
      await seedPost(t, { slug: `filler-${day}`, title: `Filler ${day}`, daysAgo: day });
    }
    // Older than the first page of 20: the pin still brings it to the lead tile.
    await seedPost(t, { slug: 'pinned-sponsor', title: 'Pinned Sponsor', sponsored: true, pinned: true, daysAgo: 30 });
  });

  it('leads the mosaic, sponsored and however old, and shows nowhere else on the page or the next', async () => {
    const html = await (await site.get('/')).text();
    const tiles = cardTitles(sectionOf(html, 'latest-projects'));
    expect(tiles.slice(0, 2)).toEqual(['Pinned Sponsor', 'Our Review']);
    expect(tiles).toHaveLength(7);
    expect(cardTitles(html).filter((title) => title === 'Pinned Sponsor')).toHaveLength(1);
    const next = html.match(/href="(\/\?cursor=[^"]+)"/)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toBeTypeOf('string');
    expect(cardTitles(await (await site.get(next as string)).text())).not.toContain('Pinned Sponsor');
  });
});
