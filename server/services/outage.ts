/**
 * Whether an error a service threw means the database is not answering:
 * page modules that catch errors let these through, so the page answers 503
 * with Retry-After (server/pages.ts) rather than a failure of its own.
 */
export { isDatabaseUnavailable } from '../db/unavailable.ts';
