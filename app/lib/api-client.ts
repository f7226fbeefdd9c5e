/**
 * The back office's one API client (SPEC.md sections 4, 7 and 8): JSON calls
 * under /api with the bearer token (except login), one refresh and one retry
 * on a 401, the session kept in browser storage, and SPEC.md's rule for
 * error messages. No admin screen calls `fetch` itself.
 */

/** The three stored items of a session. */
export const SESSION_KEYS = {
  accessToken: 'admin_access_token',
  refreshToken: 'admin_refresh_token',
  userEmail: 'admin_user_email',
} as const;

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

/** A refused or failed call: `message` follows SPEC.md section 8. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    message: string,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** The server's error code (`VERSION_CONFLICT`, …), when it sent one. */
    readonly code?: string,
  ) {
    super(message);
  }

  /** Read by the upload helper, which keeps the server's own refusals. */
  get error(): string | undefined {
    return this.code;
  }
}

/**
 * SPEC.md section 8: the server's message, else its error field, else
 * 'HTTP' and the status, else 'Request failed'.
 */
export function failureMessage(body: unknown, status?: number): string {
  const { message, error } = (body && typeof body === 'object' ? body : {}) as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof error === 'string' && error.trim()) return error;
  if (status) return `HTTP ${status}`;
  return 'Request failed';
}

/** The text to show for anything a call threw: an Error's message, or SPEC.md's catch-all. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || UNEXPECTED_ERROR_MESSAGE;
  return UNEXPECTED_ERROR_MESSAGE;
}

export const isSessionExpired = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'SESSION_EXPIRED';

export const isVersionConflict = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 409 && error.code === 'VERSION_CONFLICT';

/** The part of `Storage` the client uses. */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | undefined | null>;
}

export interface ApiClientOptions {
  fetch: typeof fetch;
  /** Read on each call, so the browser's storage is only touched in the browser. */
  storage: () => SessionStorage;
  /** Where the API lives: `/api` on this site. */
  baseUrl?: string;
}

interface LoginAnswer {
  access_token: string;
  refresh_token: string;
  id_token?: string;
}

/** The e-mail in a JWT's payload, when it has one. */
export function emailFromIdToken(idToken: string | undefined): string | undefined {
  const payload = idToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({ fetch: send, storage, baseUrl = '/api' }: ApiClientOptions) {
  let refreshing: Promise<string> | null = null;

  const read = (key: keyof typeof SESSION_KEYS) => storage().getItem(SESSION_KEYS[key]);
  const clearSession = () => {
    const store = storage();
    for (const key of Object.values(SESSION_KEYS)) store.removeItem(key);
  };

  function url(path: string, query: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
    }
    const search = params.toString();
    return `${baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  async function call(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (token && path !== '/auth/login') headers.authorization = `Bearer ${token}`;
    try {
      return await send(url(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch {
      throw new ApiRequestError(failureMessage(undefined), 0, 'NETWORK_ERROR');
    }
  }

  async function parse<T>(response: Response): Promise<T> {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const code = (body as { error?: unknown } | undefined)?.error;
      throw new ApiRequestError(
        failureMessage(body, response.status),
        response.status,
        typeof code === 'string' ? code : undefined,
      );
    }
    return body as T;
  }

  /** One refresh for every call that needs it at the same time. */
  function refreshAccessToken(): Promise<string> {
    refreshing ??= (async () => {
      const refreshToken = read('refreshToken');
      if (!refreshToken) throw new Error('no refresh token');
      const response = await call('/auth/refresh', { method: 'POST', body: { refresh_token: refreshToken } }, null);
      const answer = await parse<Partial<LoginAnswer>>(response);
      if (!answer?.access_token) throw new Error('no access token in the refresh answer');
      const store = storage();
      store.setItem(SESSION_KEYS.accessToken, answer.access_token);
      // The server rotates refresh tokens: the old one is spent.
      if (answer.refresh_token) store.setItem(SESSION_KEYS.refreshToken, answer.refresh_token);
      return answer.access_token;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function sessionExpired(): never {
    clearSession();
    throw new ApiRequestError(SESSION_EXPIRED_MESSAGE, 401, 'SESSION_EXPIRED');
  }

  /** Calls `path` under the API and resolves with its JSON answer (undefined for 204). */
  async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const token = read('accessToken');
    const response = await call(path, options, token);
    const canRefresh = response.status === 401 && path !== '/auth/login' && path !== '/auth/refresh';
    if (!canRefresh || !read('refreshToken')) return parse<T>(response);

    let nextToken: string;
    const current = read('accessToken');
    if (current && current !== token) {
      // Another call refreshed while this one was out: retry with its token.
      nextToken = current;
    } else {
      try {
        nextToken = await refreshAccessToken();
      } catch {
        return sessionExpired();
      }
    }
    const retried = await call(path, options, nextToken);
    if (retried.status === 401) return sessionExpired();
    return parse<T>(retried);
  }

  return {
    request,
    get: <T>(path: string, query?: RequestOptions['query']) => request<T>(path, { query }),
    post: <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body }),
    put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body }),
    patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }),
    delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),

    /** Signs in and keeps the session's three items. */
    async login(email: string, password: string): Promise<void> {
      const answer = await request<LoginAnswer>('/auth/login', { method: 'POST', body: { email, password } });
      const store = storage();
      store.setItem(SESSION_KEYS.accessToken, answer.access_token);
      store.setItem(SESSION_KEYS.refreshToken, answer.refresh_token);
      store.setItem(SESSION_KEYS.userEmail, emailFromIdToken(answer.id_token) ?? email);
    },

    /** Ends the session on the server when it can; the stored items go in any case. */
    async logout(): Promise<void> {
      const refreshToken = read('refreshToken');
      try {
        if (refreshToken) await request('/auth/logout', { method: 'POST', body: { refresh_token: refreshToken } });
      } catch {
        // Signing out must work offline or with a dead session too.
      } finally {
        clearSession();
      }
    },

    isSignedIn: () => Boolean(read('accessToken')),
    userEmail: () => read('userEmail'),
    clearSession,
  };
}

/** The browser's client: the site's own /api and localStorage. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  storage: () => window.localStorage,
});

/** The page a loader reads from the address: `?next_token=`. */
export function pageToken(request: Request): string | undefined {
  return new URL(request.url).searchParams.get('next_token') ?? undefined;
}
