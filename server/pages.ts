import type { Handler } from 'hono';
import type { AppDeps, AppEnv } from './deps.ts';

/**
 * The page renderer for every non-API path. Until the web app is built this
 * returns null and the server answers the API alone.
 */
export async function loadPageRenderer(_deps: AppDeps): Promise<Handler<AppEnv> | null> {
  return null;
}
