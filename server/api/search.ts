/**
 * GET /search?q=…&pageSize=…&nextToken=…: the site search over live posts
 * and resources (decision 028). Public; answers `{ results, next_token }`.
 * The service checks the query (400 when empty, too long or wordless).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.ts';
import { pagingQuerySchema, readQuery } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

const SEARCH_QUERY = z.object({ q: z.string().optional() }).and(pagingQuerySchema);

export function searchApi(services: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await services.search.search(readQuery(c, SEARCH_QUERY))));
  return app;
}
