/**
 * What every loader and action receives as `context`: the server's
 * dependencies, so pages read data through the same query modules as the API,
 * in process. Built once per request by server/pages.ts.
 */
import type { AppDeps } from '../server/deps.ts';

declare module 'react-router' {
  interface AppLoadContext {
    deps: AppDeps;
  }
}

export {};
