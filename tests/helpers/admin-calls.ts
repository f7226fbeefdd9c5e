// Most suites act as the seeded administrator on every other line: one way to say so, the token fetched once per app.
import type { ApiResponse, TestApp } from './test-app.ts';

type CallingApp = Pick<TestApp, 'request' | 'adminToken'>;

export interface AdminCallOptions {
  /** Put before every path (`/admin/newsletters`), for suites about one area. */
  prefix?: string;
  /** The client address of every call, or a function giving one per call; by default the app's own. */
  ip?: string | (() => string);
}

export type AdminCall = <T = any>(method: string, path: string, body?: unknown) => Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies

/**
 * A call of the administrator to the API of `app` (or of the app the
 * function gives, for a suite that makes its app in a hook), with `body`
 * sent as JSON when given.
 */
export function adminCalls(app: CallingApp | (() => CallingApp), options: AdminCallOptions = {}): AdminCall {
  const { prefix = '', ip } = options;
  return async (method, path, body) => {
    const t = typeof app === 'function' ? app() : app;
    return t.request(method, `${prefix}${path}`, {
      token: await t.adminToken(),
      ...(ip === undefined ? {} : { ip: typeof ip === 'string' ? ip : ip() }),
      ...(body === undefined ? {} : { body }),
    });
  };
}
