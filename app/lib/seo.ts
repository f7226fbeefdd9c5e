/**
 * The tags that make a page findable and shareable: title, description,
 * canonical URL, Open Graph and Twitter cards, JSON-LD. Route `meta`
 * functions call `pageMeta`; the origin comes from the site layout's loader
 * (the configured origin, `siteOrigin` in `site-url.server.ts`; never the request's host).
 */
import { useRouteLoaderData, type MetaDescriptor } from 'react-router';
import { isSitePath } from '../../common/site-path.ts';
import { LOGO_PATH, SITE_NAME } from '../../common/site.ts';
import { REVIEW_LIMITS, VERDICT_LABELS, type ReviewJson } from '../../common/review.ts';
import { siteFromMatches, type PublicSite } from './public-site.ts';

/** The route id of the public layout, whose loader data carries `origin`. */
export const SITE_LAYOUT_ROUTE_ID = 'routes/site-layout';

type JsonLd = Record<string, unknown>;

export interface PageSeo {
  /** The site's origin, e.g. `https://example.com`. */
  origin: string;
  /** The canonical path of the page, e.g. `/contact-us`. */
  path: string;
  title: string;
  description: string;
  /** A cover image: an absolute URL or a path on this site. */
  image?: string | null | undefined;
  imageAlt?: string | undefined;
  /** The image's size in pixels, when known (networks lay out the preview before loading it). */
  imageSize?: { width: number; height: number } | undefined;
  type?: 'website' | 'article';
  /** One block, or several (each written as its own script). */
  jsonLd?: JsonLd | JsonLd[];
  /** Pages that must not be indexed (paged copies, form results). */
  noIndex?: boolean;
  /** The site's name from its settings (`siteFromMatches`); today's name when absent. */
  siteName?: string;
}

/** `https://example.com` + `/a` → `https://example.com/a`; absolute URLs are kept. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin + '/').href;
}

/**
 * A cover image as an absolute address for previews: an http(s) URL as it
 * is, a path on this site resolved against the origin. Anything else (a
 * value saved before paths were checked, like `/\evil.example/x.png`, which
 * would resolve to another site) gives null: no image rather than someone
 * else's.
 */
export function absoluteImageUrl(origin: string, image: string): string | null {
  if (image.startsWith('/')) return isSitePath(image) ? absoluteUrl(origin, image) : null;
  try {
    const url = new URL(image);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The site's origin, read from the site layout's loader data among the meta matches. */
export function originFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID);
  const data = layout?.loaderData;
  if (data && typeof data === 'object' && 'origin' in data && typeof data.origin === 'string') return data.origin;
  return '';
}

/** The site's origin in a page component, from the site layout's loader data. */
export function useSiteOrigin(): string {
  const data = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as { origin?: unknown } | undefined;
  return typeof data?.origin === 'string' ? data.origin : '';
}

type MetaMatches = Parameters<typeof siteFromMatches>[0];

/** `Contact | Crowdfunding Showcase`, with the site's name from its settings among the meta `matches`. */
export function pageTitle(title: string, matches?: MetaMatches): string {
  return `${title} | ${matches ? siteFromMatches(matches).name : SITE_NAME}`;
}

export function pageMeta(page: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(page.origin || 'http://localhost', page.path);
  const image = page.image ? absoluteImageUrl(page.origin || 'http://localhost', page.image) : null;
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: page.siteName ?? SITE_NAME },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
  ];
  if (image) {
    tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
    if (page.imageSize) {
      tags.push(
        { property: 'og:image:width', content: String(page.imageSize.width) },
        { property: 'og:image:height', content: String(page.imageSize.height) },
      );
    }
    if (page.imageAlt) {
      tags.push({ property: 'og:image:alt', content: page.imageAlt }, { name: 'twitter:image:alt', content: page.imageAlt });
    }
  }
  if (page.noIndex) tags.push({ name: 'robots', content: 'noindex, follow' });
  // One script per block: each is a whole JSON-LD document with its own @context.
  for (const block of page.jsonLd ? [page.jsonLd].flat() : []) tags.push({ 'script:ld+json': block as never });
  return tags;
}

/** The site as publisher of its articles. */
export function organizationJsonLd(origin: string, site?: Pick<PublicSite, 'name' | 'logoUrl'>): JsonLd {
  return {
    '@type': 'Organization',
    name: site?.name ?? SITE_NAME,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, site?.logoUrl ?? LOGO_PATH),
  };
}

/** A `Person`: a post's author, with their page (and face, when they have one). */
export function personJsonLd(origin: string, author: { name: string; url: string; avatar?: string | null }): JsonLd {
  return {
    '@type': 'Person',
    name: author.name,
    url: absoluteUrl(origin, author.url),
    ...(author.avatar ? { image: absoluteImageUrl(origin, author.avatar) } : {}),
  };
}

/** An `Article` for a post or a resource. */
export function articleJsonLd(
  origin: string,
  article: {
    path: string;
    title: string;
    description: string | null;
    image: string | null;
    publishedAt: number | null;
    updatedAt: number;
    /** A post's byline (its author page a path); without one the site itself is named as the author. */
    author?: { name: string; url: string; avatar?: string | null } | null;
  },
  site?: Pick<PublicSite, 'name' | 'logoUrl'>,
): JsonLd {
  const url = absoluteUrl(origin, article.path);
  const image = article.image ? absoluteImageUrl(origin, article.image) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    ...(article.description ? { description: article.description } : {}),
    ...(image ? { image: [image] } : {}),
    ...(article.publishedAt ? { datePublished: new Date(article.publishedAt * 1000).toISOString() } : {}),
    dateModified: new Date(article.updatedAt * 1000).toISOString(),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    author: article.author ? personJsonLd(origin, article.author) : organizationJsonLd(origin, site),
    publisher: organizationJsonLd(origin, site),
  };
}

/** What a post's `Review` is about: the campaign, named by the post's title, and the review itself. */
export interface ReviewedCampaign {
  review: ReviewJson;
  title: string;
  url: string | null;
  image: string | null;
}

/**
 * A post's `Article`, and when it carries a review, a `Review` of the
 * campaign by the same author (the article's, so both always name the
 * same): the take as its body, the verdict as its name, and a
 * `reviewRating` only when the editors gave a score.
 */
export function withReviewJsonLd(origin: string, reviewed: ReviewedCampaign | null, article: JsonLd): JsonLd | JsonLd[] {
  if (reviewed === null) return article;
  const { review } = reviewed;
  const image = reviewed.image ? absoluteImageUrl(origin, reviewed.image) : null;
  return [
    article,
    {
      '@context': 'https://schema.org',
      '@type': 'Review',
      name: VERDICT_LABELS[review.verdict],
      reviewBody: review.take,
      itemReviewed: {
        '@type': 'Product',
        name: reviewed.title,
        ...(reviewed.url ? { url: reviewed.url } : {}),
        ...(image ? { image } : {}),
      },
      ...(review.score !== null
        ? {
            reviewRating: {
              '@type': 'Rating',
              ratingValue: review.score,
              bestRating: REVIEW_LIMITS.scoreMax,
              worstRating: REVIEW_LIMITS.scoreMin,
            },
          }
        : {}),
      author: article['author'],
      ...(article['datePublished'] ? { datePublished: article['datePublished'] } : {}),
      publisher: article['publisher'],
      url: article['url'],
    },
  ];
}
