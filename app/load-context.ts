/**
 * What every loader and action receives as `context`: the server's
 * dependencies, so pages read data through the same query modules as the API,
 * in process, and the caller's address for the rate limits of the forms.
 * Built per request by server/pages.ts.
 */
import type { AppDeps } from '../server/deps.ts';

declare module 'react-router' {
  interface AppLoadContext {
    deps: AppDeps;
    /** The caller's address, as the API's rate limits see it (TRUST_PROXY applies). */
    clientIp: string;
    /** The nonce this page's scripts must carry to run; unset when no policy is sent (development). */
    cspNonce: string | undefined;
  }
}

export {};
