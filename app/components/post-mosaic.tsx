import { Link } from 'react-router';
import { cx } from '../lib/cx.ts';
import type { PostCard } from '../lib/content-cards.ts';
import { CampaignCardLine } from './campaign-facts.tsx';
import { CoverImage } from './cover-image.tsx';
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
 * On a phone only the first posts are tiles; the rest are compact rows (a
 * small cover beside the title), so the page reaches its next band within
 * a few screens rather than a screen per post.
 */
const PHONE_TILES = 2;

const isCompactOnPhone = (index: number) => index >= PHONE_TILES;

// Four columns on large screens: the first tile takes 2x2, the next four fill
// the two rows beside it, the last two share the third row.
function tileClass(index: number): string {
  if (index === 0) return 'min-h-80 sm:col-span-2 lg:row-span-2';
  const height = isCompactOnPhone(index) ? 'sm:min-h-52' : 'min-h-52';
  return index >= 5 ? `${height} lg:col-span-2` : height;
}

function tileSizes(index: number): string {
  const phone = isCompactOnPhone(index) ? '96px' : '100vw';
  if (index === 0) return '(min-width: 1024px) 576px, 100vw';
  if (index >= 5) return `(min-width: 1024px) 576px, (min-width: 640px) 50vw, ${phone}`;
  return `(min-width: 1024px) 280px, (min-width: 640px) 50vw, ${phone}`;
}

/** What a compact row changes of a tile below `sm`: light, in a row, the cover small beside the words. */
const COMPACT = {
  article: 'max-sm:flex-row max-sm:items-center max-sm:justify-start max-sm:gap-3 max-sm:border max-sm:border-border max-sm:bg-card max-sm:p-2',
  cover: 'max-sm:static max-sm:z-0 max-sm:h-auto! max-sm:w-24 max-sm:shrink-0 max-sm:rounded-md max-sm:group-hover:scale-100',
  words: 'max-sm:min-w-0 max-sm:bg-none max-sm:p-0 max-sm:pt-0',
  category: 'max-sm:text-muted-foreground',
  title: 'max-sm:text-base max-sm:text-foreground',
  link: 'max-sm:focus-visible:outline-ring',
  campaign: 'max-sm:mt-1 max-sm:text-muted-foreground',
  bar: 'max-sm:mt-1 max-sm:bg-muted max-sm:[&>.funding-bar-fill]:bg-primary',
} as const;

/** The newest posts as image tiles, the first one largest. */
export function PostMosaic({ posts }: { posts: PostCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {posts.slice(0, MOSAIC_SIZE).map((post, index) => (
        <li key={post.slug} className={tileClass(index)}>
          <article
            className={cx(
              'group relative isolate flex h-full flex-col justify-end overflow-hidden rounded-xl bg-slate-900 shadow-sm',
              isCompactOnPhone(index) && COMPACT.article,
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
              className={cx(
                'absolute inset-0 -z-10 h-full! transition-transform duration-300 group-hover:scale-105',
                isCompactOnPhone(index) && COMPACT.cover,
              )}
            />
            <div
              className={cx(
                'bg-gradient-to-t from-black/85 via-black/60 to-transparent p-4 pt-12 sm:p-5 sm:pt-16',
                isCompactOnPhone(index) && COMPACT.words,
              )}
            >
              {post.sponsored ? <SponsoredLabel className="mb-2" /> : null}
              {post.categories[0] ? (
                <p
                  className={cx(
                    'mb-1 text-xs font-semibold uppercase tracking-wide text-emerald-200',
                    isCompactOnPhone(index) && COMPACT.category,
                  )}
                >
                  {post.categories[0].label}
                </p>
              ) : null}
              <h3
                className={cx(
                  'font-bold leading-snug text-white',
                  index === 0 ? 'text-xl sm:text-3xl' : 'text-base sm:text-lg',
                  isCompactOnPhone(index) && COMPACT.title,
                )}
              >
                <Link
                  to={`/${post.slug}`}
                  prefetch="intent"
                  className={cx(
                    'after:absolute after:inset-0 focus-visible:outline-white group-hover:underline',
                    isCompactOnPhone(index) && COMPACT.link,
                  )}
                >
                  {post.title}
                </Link>
              </h3>
              {post.campaign && post.campaign.percent !== null ? (
                <FundingBar
                  percent={post.campaign.percent}
                  label="Funding"
                  tone="dark"
                  className={cx('mt-2', isCompactOnPhone(index) && COMPACT.bar)}
                />
              ) : null}
              {index === 0 && post.excerpt ? (
                <p className="mt-2 line-clamp-2 max-w-prose text-sm text-slate-100 sm:text-base">{post.excerpt}</p>
              ) : null}
              {post.campaign ? (
                <CampaignCardLine
                  campaign={post.campaign}
                  className={cx('mt-2 text-slate-100', isCompactOnPhone(index) && COMPACT.campaign)}
                />
              ) : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
