import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { CalculatorLinks, EndingSoonBand, HomeHero, LatestResources } from '../components/home-sections.tsx';
import { LoadMoreLink } from '../components/load-more.tsx';
import { NEWSLETTER_INTENT, NewsletterSection } from '../components/newsletter-section.tsx';
import { PostCardGrid, usePagedPostCards } from '../components/post-card-grid.tsx';
import { MOSAIC_SIZE, PostMosaic, withLeadFirst } from '../components/post-mosaic.tsx';
import { NO_STORE, publicPageHeaders } from '../lib/cache-headers.ts';
import { formAnswer } from '../server/form-answer.server.ts';
import { failedOutcome } from '../lib/form-outcome.ts';
import {
  findSiteCardPath,
  listPostCards,
  listResourceCards,
  loadEndingSoonBand,
  loadPagedList,
  notePageSources,
} from '../server/content.server.ts';
import { organizationJsonLd, originFromMatches, pageMeta, absoluteUrl } from '../lib/seo.ts';
import { siteFromMatches, usePublicSite } from '../lib/public-site.ts';
import { subscribeToNewsletter } from '../server/public-forms.server.ts';
import { postOrAnnounceFailure } from '../lib/toast.ts';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from '../../common/social-cards.ts';
import { pageSource } from '../../common/page-sources.ts';
import type { Route } from './+types/home';

/** SPEC.md section 9: the home page lists 20 posts at a time. */
const HOME_PAGE_SIZE = 20;

/** The newest resources shown below the projects. */
const HOME_RESOURCES = 3;

/** At most this many campaigns ending within 48 hours in the band; `/ending-soon` lists them all. */
const HOME_ENDING_SOON = 6;

/** Fewer ending within 48 hours than this, and the band says so and fills up with those ending next. */
const HOME_ENDING_SOON_LEAST = 3;

export async function loader({ context, request }: Route.LoaderArgs) {
  notePageSources(context, [pageSource.postLists, pageSource.resourceLists]);
  // Each post shows once (decision 080): campaigns ending within 48 hours are
  // the band's, and so are those filling it up; the mosaic and the grid leave
  // them out, on every page of "Load More" alike. The newest pinned post
  // leads the mosaic however old it is, and is left out of the rest.
  const [page, band, pinned] = await Promise.all([
    loadPagedList(request, (nextToken) =>
      listPostCards(context, { pageSize: HOME_PAGE_SIZE, nextToken, notCampaign: 'ending_soon' }),
    ),
    loadEndingSoonBand(context, HOME_ENDING_SOON, HOME_ENDING_SOON_LEAST),
    listPostCards(context, { pageSize: 1, nextToken: null, pinned: true, notCampaign: 'ending_soon' }),
  ]);
  const inBand = new Set([...band.soon, ...band.next].map((post) => post.slug));
  const lead = pinned.posts.find((post) => !inBand.has(post.slug)) ?? null;
  const posts = page.posts.filter((post) => !inBand.has(post.slug) && post.slug !== lead?.slug);
  // A "Load More" page only feeds the grid: the sections below it come with the first.
  if (!page.isFirstPage) return { ...page, posts, latestResources: [], endingSoon: null, siteCard: await findSiteCardPath(context) };
  const latestResources = (await listResourceCards(context, { pageSize: HOME_RESOURCES, nextToken: null })).resources;
  return {
    ...page,
    posts: lead ? [lead, ...posts] : withLeadFirst(posts),
    latestResources,
    endingSoon: band,
    siteCard: await findSiteCardPath(context),
  };
}

/** The newsletter signup at the end of the page posts here. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== NEWSLETTER_INTENT) {
    throw data('Unknown form', { status: 400, headers: { 'Cache-Control': NO_STORE } });
  }
  return formAnswer(await subscribeToNewsletter(context, form, request));
}

// SPEC.md section 8: a signup that could not be sent says 'Failed to subscribe'.
export const clientAction = (args: Route.ClientActionArgs) =>
  postOrAnnounceFailure(args, () => failedOutcome('Failed to subscribe'));

// The signup changes nothing the page shows: no need to reload its posts.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  const site = siteFromMatches(matches);
  const isFirstPage = loaderData?.isFirstPage ?? true;
  return pageMeta({
    origin,
    path: isFirstPage ? '/' : location.pathname + location.search,
    title: `${site.name}: reviewed crowdfunding projects`,
    siteName: site.name,
    description: site.metaDescription,
    // The site's card: its name, tagline and logo, as networks show a shared home page.
    image: loaderData?.siteCard,
    imageAlt: site.name,
    imageSize: { width: SOCIAL_CARD_WIDTH, height: SOCIAL_CARD_HEIGHT },
    noIndex: !isFirstPage,
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [
        organizationJsonLd(origin, site),
        { '@type': 'WebSite', name: site.name, url: absoluteUrl(origin, '/'), description: site.metaDescription },
      ],
    },
  });
}

export const headers = publicPageHeaders;

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, next_token, isFirstPage, endingSoon } = loaderData;
  const hasBand = endingSoon !== null && endingSoon.soon.length + endingSoon.next.length > 0;
  const site = usePublicSite();
  const mosaic = isFirstPage ? posts.slice(0, MOSAIC_SIZE) : [];
  const rest = isFirstPage ? posts.slice(MOSAIC_SIZE) : posts;
  const list = usePagedPostCards({ posts: rest, next_token }, (token) => `/?index&cursor=${encodeURIComponent(token)}`);

  return (
    <>
      <HomeHero heading={site.heroHeading} text={site.heroText} />

      {posts.length === 0 && !hasBand ? (
        <EmptyState>No projects found. Check back soon!</EmptyState>
      ) : null}

      {mosaic.length > 0 ? (
        <section aria-labelledby="latest-projects">
          <h2 id="latest-projects" className="sr-only">
            Latest projects
          </h2>
          <PostMosaic posts={mosaic} />
        </section>
      ) : null}

      {endingSoon ? <EndingSoonBand band={endingSoon} /> : null}

      {list.items.length > 0 ? (
        <section aria-labelledby="more-projects" className="mt-section">
          <h2 id="more-projects" className="section-head section-title">
            Newly reviewed
          </h2>
          <PostCardGrid posts={list.items} />
        </section>
      ) : null}

      <LoadMoreLink
        nextToken={list.nextToken}
        isLoading={list.isLoading}
        loadedCount={list.loadedCount}
        itemName="projects"
        onLoad={list.load}
      />

      {isFirstPage ? (
        <>
          <LatestResources resources={loaderData.latestResources} />
          <CalculatorLinks />
        </>
      ) : null}

      <NewsletterSection action="/?index#newsletter" outcome={actionData} />
    </>
  );
}
