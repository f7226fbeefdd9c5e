/**
 * Counted clicks (decision 067). `POST /api/events/outbound?post={slug}`:
 * the ping of a campaign link on a post's page (or the page's beacon where
 * the browser sends no ping), always 204. And the counted redirects, outside
 * `/api`: `/go/{slug}` to the post's campaign, `/share/{slug}/{network}` to
 * the network's share form, `/n/{issue}/{link}` to a newsletter link as
 * sent. Each leads only where the database says; anything unknown falls
 * through to the site's 404.
 */
import { Hono, type Context } from 'hono';
import { isOneLine } from '../../common/schemas/fields.ts';
import { DomainError } from '../../common/errors.ts';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { sentFromAnotherSite } from '../http/same-site.ts';
import type { ClickDestination, ClickRequest } from '../services/audience/click-counting.ts';
import type { AppServices } from '../services/index.ts';

const clickRequestOf = (c: Context, callerOf: CallerOf): ClickRequest => ({
  userAgent: c.req.header('user-agent') ?? null,
  purpose: c.req.header('sec-purpose') ?? c.req.header('purpose') ?? null,
  clientIp: callerOf(c).clientIp,
  head: c.req.method === 'HEAD',
});

/** A whole number as the path writes it, or undefined. */
function wholeNumber(text: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : undefined;
}

/**
 * A destination a redirect may lead to: one with a control character (an
 * address stored before such were refused) cannot be a Location header, and
 * is nowhere to lead, so the request falls through to the 404.
 */
const redirectable = (destination: ClickDestination | undefined): ClickDestination | undefined =>
  destination && isOneLine(destination.url) ? destination : undefined;

/** The redirect itself: never kept, so each click reaches the server, and never indexed. */
function redirectTo(c: Context, destination: ClickDestination): Response {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(destination.url, 302);
}

export function clickEventsApi(services: Pick<AppServices, 'clicks'>, callerOf: CallerOf, siteOrigin: string) {
  return new Hono<AppEnv>().post('/outbound', async (c) => {
    c.header('Cache-Control', 'no-store');
    const slug = c.req.query('post');
    const from = { ...clickRequestOf(c, callerOf), fromAnotherSite: sentFromAnotherSite(c, siteOrigin) };
    await services.clicks.countCampaignPing(slug, from);
    // A page of another site may not make its visitors count clicks here.
    if (from.fromAnotherSite) throw new DomainError('FORBIDDEN', "Clicks are counted from the site's own pages only");
    // Else always the same answer, over the rate or not: the ping asks for nothing back, and tells nobody which slugs exist.
    return c.body(null, 204);
  });
}

/**
 * The counted redirects always lead on, counted or not (an address past its
 * rate, a second click of the day): a reader following a link must reach
 * the campaign.
 */
export function clickRedirects(services: Pick<AppServices, 'clicks'>, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  // A HEAD (a link checker, a preview) is answered but not counted (`ClickRequest.head`).
  app.get('/go/:slug', async (c, next) => {
    const destination = redirectable(await services.clicks.campaignOf(c.req.param('slug')));
    if (!destination) return next();
    await services.clicks.countClick('outbound', destination.subjectId, 'go', clickRequestOf(c, callerOf));
    return redirectTo(c, destination);
  });

  app.get('/share/:slug/:network', async (c, next) => {
    const network = c.req.param('network');
    const destination = redirectable(await services.clicks.shareOf(c.req.param('slug'), network));
    if (!destination) return next();
    await services.clicks.countClick('share', destination.subjectId, network, clickRequestOf(c, callerOf));
    return redirectTo(c, destination);
  });

  app.get('/n/:issue/:link', async (c, next) => {
    const issueId = wholeNumber(c.req.param('issue'));
    const linkNo = wholeNumber(c.req.param('link'));
    const destination = issueId && linkNo ? redirectable(await services.clicks.newsletterLinkOf(issueId, linkNo)) : undefined;
    if (!destination || !linkNo) return next();
    await services.clicks.countClick('newsletter', destination.subjectId, String(linkNo), clickRequestOf(c, callerOf));
    return redirectTo(c, destination);
  });

  return app;
}
