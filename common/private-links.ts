/**
 * Private links: addresses whose path segment after the prefix is a secret
 * token (a draft's preview, the creator's update link, the sponsor's
 * report), each kind with the path prefix its token follows. The one list
 * of them: the browser's page-view beacon skips their
 * pages, the server sends no referrer from them, and the request log keeps
 * their route, never the token.
 */
export const PRIVATE_LINK_PATHS = { preview: 'preview', creatorUpdate: 'campaign-update', sponsorReport: 'sponsor-report' } as const;

/** A kind of private link; server/private-links/kinds.ts gives each its rules. */
export type PrivateLinkKind = keyof typeof PRIVATE_LINK_PATHS;

/**
 * The pages of a follow's links (`/follow/confirm?token=…`, decision 097):
 * their token is in the query, not the path, but they are as private as
 * the others: no referrer, no page-view beacon, never kept.
 */
export const FOLLOW_LINK_PATH = 'follow';

export const PRIVATE_LINK_PREFIXES: readonly string[] = [...Object.values(PRIVATE_LINK_PATHS), FOLLOW_LINK_PATH];

const alternatives = PRIVATE_LINK_PREFIXES.join('|');
// In any letter case and with doubled slashes: every spelling the server redirects to the page carries the token too.
const PRIVATE_LINK_PAGE = new RegExp(`^/+(?:${alternatives})/`, 'i');
// A page or its API; the token is the segment that follows.
const PRIVATE_LINK_PATH = new RegExp(`^(/+(?:api/+)?(?:${alternatives}))/+[^/]*`, 'i');

/** Whether `pathname` is a page reached by a private link. */
export const isPrivateLinkPage = (pathname: string): boolean => PRIVATE_LINK_PAGE.test(pathname);

/** Whether `path` is a private link's page or its API. */
export const isPrivateLinkPath = (path: string): boolean => PRIVATE_LINK_PATH.test(path);

/** `path` with a private link's token replaced by `[token]` (`/sponsor-report/[token]`); any other path as it is. */
export const maskPrivateLinkToken = (path: string): string => path.replace(PRIVATE_LINK_PATH, '$1/[token]');
