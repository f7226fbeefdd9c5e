/**
 * Demo content for a fresh install (SEED_DEMO=true): a handful of realistic
 * posts and resources so the site is alive on first start. Runs only on an
 * empty database, so it never mixes with real content.
 */
import { nowSeconds } from './database.ts';
import { insertPost } from './queries/posts.ts';
import { insertResource } from './queries/resources.ts';
import type { Db } from './schema.ts';

const DAY = 24 * 60 * 60;

interface DemoPost {
  slug: string;
  title: string;
  excerpt: string;
  cover: string;
  campaign_url: string;
  category: string;
  read_time: number;
  daysAgo: number;
  content: string;
}

const DEMO_POSTS: DemoPost[] = [
  {
    slug: 'solar-backpack-that-charges-your-laptop',
    title: 'The Solar Backpack That Charges a Laptop on a Day Hike',
    excerpt: 'A foldable 28 W panel, a 20,000 mAh pack and a frame that survived 400 km of field tests.',
    cover: 'solar-backpack',
    campaign_url: 'https://www.kickstarter.com/discover/categories/technology',
    category: 'tech',
    read_time: 5,
    daysAgo: 1,
    content: `## Why it caught our eye

Most solar backpacks are a panel stitched onto a bag. This team started from the
frame: the panel hinges out when you stop, and folds flat against your back when
you walk, so it never snags on branches.

## What backers get

- A 28 W monocrystalline panel rated for 3,000 fold cycles
- A 20,000 mAh USB-C battery with 65 W pass-through charging
- A 30 litre roll-top body in recycled nylon

## Our take

The field-test log is unusually honest: it lists two failed prototypes and what
changed. The delivery plan leaves three months of buffer, which is realistic for
a first hardware run.`,
  },
  {
    slug: 'tabletop-saga-with-a-living-map',
    title: 'A Tabletop Saga Whose Map Changes Between Sessions',
    excerpt: 'A cooperative campaign game where every choice redraws the board for the next evening.',
    cover: 'tabletop-saga',
    campaign_url: 'https://www.kickstarter.com/discover/categories/games',
    category: 'creative',
    read_time: 4,
    daysAgo: 3,
    content: `## The idea

Each session ends with stickers and overlays that permanently change the map.
By the tenth game, no two tables in the world look the same.

## Production

The creators already ran a small print-on-demand edition and published the
feedback. The campaign funds a proper factory run with sturdier tiles.

> "We wanted the board to remember what the players did."`,
  },
  {
    slug: 'clean-water-filters-for-rural-schools',
    title: 'Gravity Water Filters for 120 Rural Schools',
    excerpt: 'No electricity, no moving parts, and a maintenance plan run by the schools themselves.',
    cover: 'clean-water',
    campaign_url: 'https://www.indiegogo.com/explore/environment',
    category: 'social',
    read_time: 6,
    daysAgo: 6,
    content: `## The problem

Many schools lose days of attendance every term to water-borne illness.

## The plan

Each pledge of $40 funds one ceramic filter cartridge; $600 equips a whole
school. Local technicians are trained to replace cartridges, and every
installation is logged publicly.

| Pledge | What it funds |
| --- | --- |
| $40 | One cartridge |
| $600 | One school |
| $5,000 | A district technician for a year |`,
  },
  {
    slug: 'espresso-grinder-built-to-be-repaired',
    title: 'An Espresso Grinder Built to Be Repaired, Not Replaced',
    excerpt: 'Standard bearings, a published parts list and burrs you can swap with one screwdriver.',
    cover: 'espresso-grinder',
    campaign_url: 'https://www.kickstarter.com/discover/categories/design',
    category: 'business',
    read_time: 4,
    daysAgo: 9,
    content: `## Repair first

Every part of this grinder is sold separately, and the service manual is
public. The founders argue that a grinder should last twenty years.

## The business case

The campaign is a pre-sale for the first 1,500 units; the parts store is how
the company plans to stay profitable afterwards.`,
  },
  {
    slug: 'indie-film-shot-on-one-island',
    title: 'An Indie Feature Shot in Thirty Days on One Island',
    excerpt: 'A crew of twelve, a local cast, and a budget plan that accounts for every ferry ticket.',
    cover: 'indie-film',
    campaign_url: 'https://www.indiegogo.com/explore/film',
    category: 'creative',
    read_time: 3,
    daysAgo: 14,
    content: `## The story

A lighthouse keeper's last winter, told with the island's residents in most
of the roles.

## Where the money goes

The budget breakdown is public, down to catering and insurance. Stretch goals
fund subtitles in five languages.`,
  },
  {
    slug: 'how-a-keyboard-maker-raised-its-second-round',
    title: 'How a Keyboard Maker Funded Its Second Product in 48 Hours',
    excerpt: 'An email list of 9,000 past backers, a transparent delay report, and early-bird tiers that sold out.',
    cover: 'modular-keyboard',
    campaign_url: 'https://www.kickstarter.com/discover/categories/technology',
    category: 'funding',
    read_time: 7,
    daysAgo: 21,
    content: `## The second campaign is easier, if you earned it

This team shipped its first keyboard four months late, and wrote a monthly
update explaining every delay. Those backers came back.

## Tactics worth copying

1. Pre-launch page collecting emails for six weeks
2. Three early-bird tiers with hard limits
3. A live stream on launch day answering questions`,
  },
  {
    slug: 'vertical-gardens-for-city-balconies',
    title: 'Vertical Gardens That Fit a Two-Metre City Balcony',
    excerpt: 'Self-watering modules that clip to railings and grow herbs all summer.',
    cover: 'urban-garden',
    campaign_url: 'https://www.indiegogo.com/explore/home',
    category: 'social',
    read_time: 3,
    daysAgo: 30,
    content: `## Small space, real harvest

Each module holds four plants and a two-week water reservoir. The clips fit
railings from 20 to 60 mm.

## Community

Backers get access to a seed-swap programme run by the founders.`,
  },
];

const DEMO_RESOURCES = [
  {
    slug: 'planning-your-first-crowdfunding-campaign',
    title: 'Planning Your First Crowdfunding Campaign',
    excerpt: 'A week-by-week plan from the first prototype photo to launch day.',
    cover: 'campaign-guide',
    read_time: 8,
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
    read_time: 5,
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
    read_time: 4,
    content: `## Include

- Three high-resolution photos with captions
- A one-paragraph description and a one-page fact sheet
- Founder quotes and a contact address that gets answered

## Leave out

Long mission statements and unlabelled zip files.`,
  },
];

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
  for (const post of [...DEMO_POSTS].reverse()) {
    await insertPost(trx, {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      cover_image: `/images/demo/${post.cover}.webp`,
      campaign_url: post.campaign_url,
      status: 'published',
      read_time: post.read_time,
      published_at: now - post.daysAgo * DAY,
      category_ids: [post.category],
    });
  }
  for (const resource of [...DEMO_RESOURCES].reverse()) {
    await insertResource(trx, {
      slug: resource.slug,
      title: resource.title,
      excerpt: resource.excerpt,
      content: resource.content,
      cover_image: `/images/demo/${resource.cover}.webp`,
      read_time: resource.read_time,
      status: 'published',
      published_at: null,
      category_id: null,
    });
  }
  return { posts: DEMO_POSTS.length, resources: DEMO_RESOURCES.length };
}
