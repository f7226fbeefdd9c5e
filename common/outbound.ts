/**
 * Links that leave the site for a post's campaign. Every one of them, on
 * the pages, in the mails and behind `/go/`, is built here once, so the
 * creator's referral tag is never forgotten on one of them.
 */

/** The query parameter a referral tag travels in. */
export const REF_PARAM = 'ref';

/** A referral tag: short and safe in a URL without escaping. */
export const REF_TAG_PATTERN = /^[A-Za-z0-9._~-]+$/;
export const REF_TAG_MAX_LENGTH = 64;

/** The paths of the counted redirects and of the ping of a campaign link (decision 067). */
export const GO_PATH_PREFIX = '/go/';
export const NEWSLETTER_LINK_PATH_PREFIX = '/n/';
export const SHARE_PATH_PREFIX = '/share/';
export const OUTBOUND_PING_PATH = '/api/events/outbound';

/**
 * The campaign's address with its referral tag as `ref=` (any `ref=` the
 * address had is replaced); the address as stored without a tag; null
 * without an address.
 */
export function outboundUrl(campaign: { url: string | null; ref_tag?: string | null | undefined }): string | null {
  if (!campaign.url) return null;
  if (!campaign.ref_tag) return campaign.url;
  let url: URL;
  try {
    url = new URL(campaign.url);
  } catch {
    return campaign.url;
  }
  url.searchParams.set(REF_PARAM, campaign.ref_tag);
  return url.toString();
}

/** The counted way to a post's campaign, for mails, the share kit and anything printed. */
export function goPath(slug: string): `/go/${string}` {
  return `${GO_PATH_PREFIX}${encodeURIComponent(slug)}`;
}

/** Where a campaign link on a post's page pings when clicked. */
export function outboundPingPath(slug: string): string {
  return `${OUTBOUND_PING_PATH}?post=${encodeURIComponent(slug)}`;
}

/** The counted way to share a post on a network. */
export function sharePath(slug: string, network: string): string {
  return `${SHARE_PATH_PREFIX}${encodeURIComponent(slug)}/${encodeURIComponent(network)}`;
}

/** A newsletter issue's counted link. */
export function newsletterLinkPath(issueId: number, linkNo: number): string {
  return `${NEWSLETTER_LINK_PATH_PREFIX}${issueId}/${linkNo}`;
}
