/**
 * Demo content for a fresh install (SEED_DEMO=true): a handful of posts and
 * resources so the site is alive on first start. Runs only on an empty
 * database, so it never mixes with real content, and flags what it makes
 * (`demo`), so the back office marks it and the owner can remove exactly it
 * (decision 053). The posts are demo reviews of invented campaigns, written
 * as real reviews are (demo-reviews.ts) and saying they are demos, each
 * with the verdict its text reaches and its campaign's basics (who, where,
 * rewards from, ships), and their read times are the editor's estimate. Their
 * campaigns' facts are counted from the first start: some live and ending
 * at different times, one funded and over, one failed, one upcoming; and
 * each that has pledges carries a history from its launch, so the pledges
 * chart shows on the first visit too.
 */
import { estimateReadTime } from '../../common/read-time.ts';
import {
  CLEAN_WATER_REVIEW,
  ESPRESSO_GRINDER_REVIEW,
  INDIE_FILM_REVIEW,
  MODULAR_KEYBOARD_REVIEW,
  SOLAR_BACKPACK_REVIEW,
  TABLETOP_SAGA_REVIEW,
  URBAN_GARDEN_REVIEW,
} from './demo-reviews.ts';
import { nowSeconds } from './database.ts';
import { insertSnapshots, saveCampaign, type StoredFacts } from './queries/campaigns.ts';
import { markDemoContent } from './queries/content.ts';
import { insertPost } from './queries/posts.ts';
import { insertResource } from './queries/resources.ts';
import type { Db } from './schema.ts';
import type { ReviewJson } from '../../common/review.ts';

const DAY = 24 * 60 * 60;

interface DemoPost {
  slug: string;
  title: string;
  excerpt: string;
  cover: string;
  campaign_url: string;
  category: string;
  daysAgo: number;
  content: string;
  /** The campaign's facts, its times in seconds from the moment of seeding. */
  campaign: DemoCampaign;
  /** Who runs the campaign and where, what a reward costs and when it ships, as the review tells them. */
  basics: DemoBasics;
  /** What the review concludes, as the post's verdict block shows it. */
  review: ReviewJson;
}

interface DemoBasics {
  creator_name: string;
  location: string | null;
  /** Whole dollars: the lowest pledge that gets the product; null for a donation campaign. */
  reward_from: number | null;
  /** Months from the moment of seeding to the planned delivery; null when nothing ships. */
  shipsInMonths: number | null;
}

interface DemoCampaign {
  platform: 'kickstarter' | 'indiegogo';
  state: 'upcoming' | 'live' | 'successful' | 'failed';
  /** Whole dollars. */
  goal: number;
  pledged: number | null;
  backers: number | null;
  launchedIn: number;
  endsIn: number;
}

const HOUR = 60 * 60;

const DEMO_POSTS: DemoPost[] = [
  {
    slug: 'solar-backpack-that-charges-your-laptop',
    title: 'Demo: A Solar Backpack Built Around Its Frame',
    excerpt: 'An invented campaign for this demo: a daypack whose panel folds out when you stop and flat when you walk.',
    cover: 'solar-backpack',
    campaign_url: 'https://www.kickstarter.com/projects/ridgeline-gear/foldaway-solar-daypack',
    category: 'tech',
    daysAgo: 1,
    campaign: { platform: 'kickstarter', state: 'live', goal: 25_000, pledged: 12_840, backers: 212, launchedIn: -DAY, endsIn: 29 * DAY },
    basics: { creator_name: 'Ridgeline Gear', location: 'Porto, Portugal', reward_from: 179, shipsInMonths: 5 },
    review: {
      verdict: 'back_it',
      take: 'A solar bag designed as a bag first: the frame solves a real problem with a simple mechanism, the makers show their failures as readily as their successes, and the budget adds up.',
      for_whom: 'Hikers and cycle tourists who stop for long breaks; commuters can wait for the first reviews.',
      risks: ['Battery transport certification may need a second retest', 'Hinges fail in first production runs', 'Five months is tight for a first-time team'],
      score: 7,
    },
    content: SOLAR_BACKPACK_REVIEW,
  },
  {
    slug: 'tabletop-saga-with-a-living-map',
    title: 'Demo: A Tabletop Saga Whose Map Changes Between Sessions',
    excerpt: 'An invented campaign for this demo: a cooperative game where every choice redraws the board for the next evening.',
    cover: 'tabletop-saga',
    campaign_url: 'https://www.kickstarter.com/projects/lanternfold-games/the-shifting-isles',
    category: 'creative',
    daysAgo: 3,
    campaign: { platform: 'kickstarter', state: 'live', goal: 40_000, pledged: 96_420, backers: 1_873, launchedIn: -28 * DAY, endsIn: 30 * HOUR },
    basics: { creator_name: 'Lanternfold Games', location: 'Bristol, United Kingdom', reward_from: 59, shipsInMonths: 10 },
    review: {
      verdict: 'back_it',
      take: 'The rare legacy game you can reset and play again, from a studio that tested it in public for a year and has someone who has shipped games before.',
      for_whom: 'Groups who enjoy cooperative games and like a world that remembers; the deluxe tier is for collectors.',
      risks: ['Far more copies to make than planned', 'Shipping is charged after the campaign', 'The reusable acrylic overlays are new'],
      score: 8,
    },
    content: TABLETOP_SAGA_REVIEW,
  },
  {
    slug: 'clean-water-filters-for-rural-schools',
    title: 'Demo: Gravity Water Filters for Rural Schools',
    excerpt: 'An invented campaign for this demo: no electricity, no moving parts, and maintenance run by the schools themselves.',
    cover: 'clean-water',
    campaign_url: 'https://www.indiegogo.com/projects/clearwell-gravity-filters-for-schools',
    category: 'social',
    daysAgo: 6,
    campaign: { platform: 'indiegogo', state: 'live', goal: 15_000, pledged: 9_310, backers: 148, launchedIn: -21 * DAY, endsIn: 9 * DAY + 6 * HOUR },
    basics: { creator_name: 'Clearwell', location: null, reward_from: null, shipsInMonths: null },
    review: {
      verdict: 'back_it',
      take: 'A water campaign that starts from the third year: a modest design, paid local maintenance, public results and open accounts. The pilot numbers are good without being too good.',
      for_whom: 'Donors who want to see what their money does for years; small pledges keep filters working.',
      risks: ['Flexible funding: pledges are spent even if the goal is missed', 'Maintenance depends on people who may move away', 'Ceramic filters do not remove chemical pollution'],
      score: 8,
    },
    content: CLEAN_WATER_REVIEW,
  },
  {
    slug: 'espresso-grinder-built-to-be-repaired',
    title: 'Demo: An Espresso Grinder Built to Be Repaired, Not Replaced',
    excerpt: 'An invented campaign for this demo: standard bearings, a published parts list and burrs you swap with one screwdriver.',
    cover: 'espresso-grinder',
    campaign_url: 'https://www.kickstarter.com/projects/burr-and-bench/the-mendable-grinder',
    category: 'business',
    daysAgo: 9,
    campaign: { platform: 'kickstarter', state: 'live', goal: 30_000, pledged: 33_100, backers: 402, launchedIn: -25 * DAY, endsIn: 5 * HOUR + 20 * 60 },
    basics: { creator_name: 'Burr and Bench', location: 'Leeds, United Kingdom', reward_from: 279, shipsInMonths: 7 },
    review: {
      verdict: 'worth_watching',
      take: 'A sensible grinder serviced like a bicycle, by its owner, with parts at a fair price. Good enough for almost everyone; the certification update decides whether it ships on time.',
      for_whom: 'People tired of replacing appliances who drink both espresso and filter; not a pure espresso upgrade.',
      risks: ['Electrical safety certification is not finished', 'Repairability depends on the company lasting', 'The grind is good, not the best'],
      score: 7,
    },
    content: ESPRESSO_GRINDER_REVIEW,
  },
  {
    slug: 'indie-film-shot-on-one-island',
    title: 'Demo: An Indie Feature Shot on One Island',
    excerpt: 'An invented campaign for this demo: a small crew, a local cast, and a budget plan that accounts for every ferry ticket.',
    cover: 'indie-film',
    campaign_url: 'https://www.indiegogo.com/projects/the-last-keeper-an-island-feature-film',
    category: 'creative',
    daysAgo: 14,
    campaign: { platform: 'indiegogo', state: 'upcoming', goal: 60_000, pledged: null, backers: null, launchedIn: 12 * DAY, endsIn: 42 * DAY },
    basics: { creator_name: 'Elin Sørensen', location: null, reward_from: 10, shipsInMonths: 16 },
    review: {
      verdict: 'worth_watching',
      take: 'A small, personal film with a clear plan, an experienced producer, a public budget and a proof-of-concept scene that makes you want to see the rest. We will look again when it launches.',
      for_whom: 'Lovers of quiet, place-driven cinema; the $35 tier adds a diary of the winter shoot.',
      risks: ['Winter storms can stop an island shoot', 'Finishing costs more than shooting', 'A wider release is not guaranteed'],
      score: null,
    },
    content: INDIE_FILM_REVIEW,
  },
  {
    slug: 'how-a-keyboard-maker-raised-its-second-round',
    title: 'Demo: How a Keyboard Maker Prepared Its Second Campaign',
    excerpt: 'An invented campaign for this demo: an email list of past backers, honest delay reports, and early-bird tiers with hard limits.',
    cover: 'modular-keyboard',
    campaign_url: 'https://www.kickstarter.com/projects/keystack-labs/keystack-two-modular-keyboard',
    category: 'funding',
    daysAgo: 21,
    campaign: { platform: 'kickstarter', state: 'successful', goal: 50_000, pledged: 187_230, backers: 2_410, launchedIn: -48 * DAY, endsIn: -18 * DAY },
    basics: { creator_name: 'Keystack Labs', location: 'Lyon, France', reward_from: 149, shipsInMonths: 5 },
    review: {
      verdict: 'back_it',
      take: 'A very good keyboard with a useful modular design, from a team that learned from a difficult first campaign in public. The late pledge is fair.',
      for_whom: 'Anyone who moves between desk layouts; if you never move your number pad, a plain board will do.',
      risks: ['Almost four times the goal means four times the keyboards', 'The magnetic connector is new', 'The team was late before'],
      score: 8,
    },
    content: MODULAR_KEYBOARD_REVIEW,
  },
  {
    slug: 'vertical-gardens-for-city-balconies',
    title: 'Demo: Vertical Gardens for Small City Balconies',
    excerpt: 'An invented campaign for this demo: self-watering modules that clip to railings and grow herbs all summer.',
    cover: 'urban-garden',
    campaign_url: 'https://www.indiegogo.com/projects/railgarden-balcony-planters',
    category: 'social',
    daysAgo: 30,
    campaign: { platform: 'indiegogo', state: 'failed', goal: 20_000, pledged: 6_420, backers: 97, launchedIn: -55 * DAY, endsIn: -25 * DAY },
    basics: { creator_name: 'RailGarden', location: 'Rotterdam, Netherlands', reward_from: 39, shipsInMonths: null },
    review: {
      verdict: 'wait',
      take: 'A good planter that ran its campaign at the wrong time, to too few people, with the wrong story first. Backers were refunded; watch for the second attempt next spring.',
      for_whom: 'Balcony gardeners who can wait a season, and creators planning their own first week.',
      risks: ['First injection moulds often need corrections', 'Clips tested only in summer winds'],
      score: null,
    },
    content: URBAN_GARDEN_REVIEW,
  },
];

const DEMO_RESOURCES = [
  {
    slug: 'planning-your-first-crowdfunding-campaign',
    title: 'Planning Your First Crowdfunding Campaign',
    excerpt: 'A week-by-week plan from the first prototype photo to launch day.',
    cover: 'campaign-guide',
    content: `## Eight weeks before launch

Build a landing page and start collecting email addresses. A campaign that
launches to an empty room rarely recovers.

## Four weeks before

Finish the video, write the reward tiers, and ask ten people outside your
circle to read the page.

## Launch week

Most campaigns raise a third of their total in the first days: line up your
announcements before you press the button.`,
  },
  {
    slug: 'crowdfunding-fees-explained',
    title: 'Crowdfunding Fees Explained',
    excerpt: 'Platform fees, payment processing and what actually reaches your bank account.',
    cover: 'fees-explained',
    content: `## Two kinds of fees

Platforms charge a percentage of the funds raised, and payment processors
charge a percentage plus a fixed amount per pledge.

Use our Kickstarter and Indiegogo calculators to see what you will receive.`,
  },
  {
    slug: 'building-a-press-kit-journalists-use',
    title: 'Building a Press Kit Journalists Actually Use',
    excerpt: 'What to include, what to leave out, and how to share it.',
    cover: 'press-kit',
    content: `## Include

- Three high-resolution photos with captions
- A one-paragraph description and a one-page fact sheet
- Founder quotes and a contact address that gets answered

## Leave out

Long mission statements and unlabelled zip files.`,
  },
];

/** A demo campaign's basics, its delivery month counted from `now`. */
function demoBasics(basics: DemoBasics, now: number): Pick<StoredFacts, 'creator_name' | 'location' | 'reward_from' | 'delivery_estimate'> {
  const ships = basics.shipsInMonths === null ? null : new Date(now * 1000);
  if (ships && basics.shipsInMonths !== null) ships.setUTCMonth(ships.getUTCMonth() + basics.shipsInMonths, 1);
  return {
    creator_name: basics.creator_name,
    location: basics.location,
    reward_from: basics.reward_from === null ? null : basics.reward_from * 100,
    delivery_estimate: ships ? ships.toISOString().slice(0, 7) : null,
  };
}

/** A demo campaign's facts, its times counted from `now`. */
function demoFacts(campaign: DemoCampaign, now: number): StoredFacts {
  return {
    platform: campaign.platform,
    currency: 'USD',
    goal: campaign.goal * 100,
    pledged: campaign.pledged === null ? null : campaign.pledged * 100,
    backers: campaign.backers,
    launched_at: now + campaign.launchedIn,
    ends_at: now + campaign.endsIn,
    state: campaign.state,
    facts_updated_at: now,
    facts_source: 'editor',
  };
}

/** At most this many points of history before the current facts: a few weeks, about one a day. */
const DEMO_HISTORY_POINTS = 20;

/**
 * The points a demo campaign's history starts with, oldest first, from its
 * launch up to its end or shortly before `now`: pledges and backers climbing
 * fast in the first days and slower after, as campaigns usually do, to the
 * stored figures. The current facts' own point is saveCampaign's.
 */
function demoHistory(campaign: DemoCampaign, now: number): { at: number; pledged: number; backers: number }[] {
  if (campaign.pledged === null || campaign.backers === null || campaign.launchedIn >= 0) return [];
  const start = now + campaign.launchedIn;
  const end = Math.min(now + campaign.endsIn, now);
  const step = Math.max(HOUR, Math.floor((end - start) / DEMO_HISTORY_POINTS));
  const { pledged, backers } = campaign;
  const points: { at: number; pledged: number; backers: number }[] = [];
  // Apart from the current facts' point by more than its merge window (queries/campaigns.ts).
  for (let at = start; at < end - step / 2; at += step) {
    const elapsed = (at - start) / (end - start);
    // A launch rush, then a steady climb.
    const share = 0.7 * (1 - (1 - elapsed) ** 3) + 0.3 * elapsed;
    points.push({ at, pledged: Math.round(pledged * share) * 100, backers: Math.round(backers * share) });
  }
  // A campaign over before now ends its history on its last day with the figures it ended on.
  if (end < now) points.push({ at: end, pledged: pledged * 100, backers });
  return points;
}

export interface SeedResult {
  posts: number;
  resources: number;
}

/**
 * Loads the demo content into an empty database; returns null if it is not
 * empty. Run it in a transaction (under the first-run lock at start).
 */
export async function seedDemoContent(trx: Db): Promise<SeedResult | null> {
  const existing = await trx.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  const existingResource = await trx.selectFrom('resources').select('id').limit(1).executeTakeFirst();
  if (existing || existingResource) return null;
  const now = nowSeconds();
  const postIds: number[] = [];
  const resourceIds: number[] = [];
  for (const post of [...DEMO_POSTS].reverse()) {
    const { id } = await insertPost(trx, {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      cover_image: `/images/demo/${post.cover}.webp`,
      campaign_url: post.campaign_url,
      status: 'published',
      read_time: estimateReadTime(post.content),
      published_at: now - post.daysAgo * DAY,
      category_ids: [post.category],
      review: post.review,
    });
    // Relative to the first start, so every badge and countdown shows on the first visit.
    await saveCampaign(trx, id, { ...demoFacts(post.campaign, now), ...demoBasics(post.basics, now) });
    await insertSnapshots(trx, id, demoHistory(post.campaign, now));
    postIds.push(id);
  }
  for (const resource of [...DEMO_RESOURCES].reverse()) {
    const { id } = await insertResource(trx, {
      slug: resource.slug,
      title: resource.title,
      excerpt: resource.excerpt,
      content: resource.content,
      cover_image: `/images/demo/${resource.cover}.webp`,
      read_time: estimateReadTime(resource.content),
      status: 'published',
      published_at: null,
      category_id: null,
    });
    resourceIds.push(id);
  }
  await markDemoContent(trx, 'posts', postIds);
  await markDemoContent(trx, 'resources', resourceIds);
  return { posts: DEMO_POSTS.length, resources: DEMO_RESOURCES.length };
}
