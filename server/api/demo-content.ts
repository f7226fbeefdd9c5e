import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import type { AppServices } from '../services/index.ts';

/**
 * /admin/demo-content: the seeded demo items still there, for every member
 * of staff (the banner and badges), and their removal, the owner's alone
 * (the service refuses anyone else).
 */
export function adminDemoContentApi({ demoContent }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await demoContent.list()));
  app.delete('/', async (c) => c.json(await demoContent.removeAll(c.get('staff'), callerOf(c))));
  return app;
}
