/**
 * What every loader and action receives as `context`: the server's domain
 * services, so pages read and write through the same rules as the API, in
 * process; a logger; the caller's address for the rate limits of the forms;
 * the nonce of the page's scripts; the slot of a page's article body; when
 * the page's campaign facts next read differently. Built
 * per request by server/pages.ts. Only the page modules (app/server/) may
 * use the services (lint enforces it).
 */
import type { Logger } from 'pino';
import type { AppServices } from '../server/services/index.ts';

declare module 'react-router' {
  interface AppLoadContext {
    services: AppServices;
    logger: Logger;
    /** The caller's address, as the API's rate limits see it (TRUST_PROXY applies). */
    clientIp: string;
    /** The nonce this page's scripts must carry to run; unset when no policy is sent (development). */
    cspNonce: string | undefined;
    /**
     * A page request's slot for the article body its HTML shows but its
     * hydration data leaves out (lib/article-body.ts); null on a client
     * navigation's data request (`*.data`), whose loader data carries the body.
     */
    pageBody: { html?: string } | null;
    /**
     * The first second (Unix) at which something this page shows reads
     * differently by the clock alone (a campaign's countdown or badge), noted
     * by the page modules as they build it; the answer expires then.
     */
    pageChanges: { at: number | null };
    /**
     * What this page shows, when a page module can name all of it
     * (`common/page-sources.ts`); null, the default, when it may show
     * anything. A write touching none of them leaves the kept page alone
     * (decisions 070 and 074).
     */
    pageSources: { sources: string[] | null };
    /**
     * The origins whose frames this page shows (a campaign video's player,
     * decision 094), noted by the page modules as they build it: the page's
     * policy allows them, and only them, in `frame-src`.
     */
    pageFrames: { origins: string[] };
  }
}

export {};
