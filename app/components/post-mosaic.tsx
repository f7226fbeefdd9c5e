import { Link } from 'react-router';
import { cx } from '../lib/cx.ts';
import type { PostCard } from '../lib/content-cards.ts';
import { CampaignCardLine } from './campaign-facts.tsx';
import { CoverImage } from './cover-image.tsx';
import { VerdictLabel } from './post-review.tsx';
import { FundingBar } from './funding-bar.tsx';
import { SponsoredLabel } from './sponsored-label.tsx';

/** SPEC.md section 9: the first 7 posts of the home page form the mosaic. */
export const MOSAIC_SIZE = 7;

/**
 * The posts in the mosaic's order when none is pinned: the newest editorial
 * post leads, the rest keep theirs (newest first). A sponsored post takes
 * the lead tile only when an editor pins it there: a paid placement is not
 * the site's own pick (decision 080).
 */
export function withLeadFirst(posts: readonly PostCard[]): PostCard[] {
  const lead = posts.findIndex((post) => !post.sponsored);
  if (lead <= 0) return [...posts];
  return [posts[lead] as PostCard, ...posts.slice(0, lead), ...posts.slice(lead + 1)];
}

/**
 * On a phone only the first posts are story cards; the rest are compact
 * rows (a small cover beside the title), so the page reaches its next band
 * within a few screens rather than a screen per post.
 */
const PHONE_TILES = 2;

const isCompactOnPhone = (index: number) => index >= PHONE_TILES;

// Four columns on large screens: the lead story takes 2x2, the next four
// fill the two rows beside it, the last two are rows sharing the third.
function tileClass(index: number): string {
  if (index === 0) return 'sm:col-span-2 lg:row-span-2';
  return index >= 5 ? 'lg:col-span-2' : '';
}

function tileSizes(index: number): string {
  const phone = isCompactOnPhone(index) ? '96px' : '100vw';
  if (index === 0) return '(min-width: 1024px) 576px, 100vw';
  if (index >= 5) return `(min-width: 1024px) 192px, (min-width: 640px) 50vw, ${phone}`;
  return `(min-width: 1024px) 280px, (min-width: 640px) 50vw, ${phone}`;
}

/**
 * The newest posts as the front: the lead as a large story card, the rest
 * as story cards beside it, and the last two (on large screens) or all but
 * the first two (on a phone) as compact rows: the site's two cards, laid
 * out as a front page.
 */
export function PostMosaic({ posts }: { posts: PostCard[] }) {
  return (
    <ul className="grid gap-x-gutter gap-y-8 sm:grid-cols-2 lg:grid-cols-4">
      {posts.slice(0, MOSAIC_SIZE).map((post, index) => (
        <li key={post.slug} className={tileClass(index)}>
          <article
            className={cx(
              'content-card group',
              index === 0 && 'mosaic-lead',
              index >= 5 && 'mosaic-row-lg',
              isCompactOnPhone(index) && 'mosaic-row-phone',
            )}
          >
            <CoverImage
              src={post.cover_image}
              fallback={post.cover_fallback}
              title={post.title}
              sizes={tileSizes(index)}
              isPriority={index === 0}
              // The first row sits above the fold on every screen.
              loading={index < 3 ? 'eager' : 'lazy'}
            />
            <div className="content-card-body">
              {post.sponsored || post.verdict !== null || post.categories[0] ? (
                <div className="flex flex-wrap items-center gap-2">
                  {post.sponsored ? <SponsoredLabel /> : null}
                  {post.verdict !== null ? <VerdictLabel verdict={post.verdict} /> : null}
                  {post.categories[0] ? <p className="eyebrow">{post.categories[0].label}</p> : null}
                </div>
              ) : null}
              <h3 className={cx('content-card-title', index === 0 && 'mosaic-lead-title')}>
                <Link to={`/${post.slug}`} prefetch="intent" className="after:absolute after:inset-0 group-hover:underline">
                  {post.title}
                </Link>
              </h3>
              {post.campaign && post.campaign.percent !== null ? <FundingBar percent={post.campaign.percent} label="Funding" /> : null}
              {index === 0 && post.excerpt ? <p className="lead line-clamp-3">{post.excerpt}</p> : null}
              {post.campaign ? <CampaignCardLine campaign={post.campaign} className="text-muted-foreground" /> : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
