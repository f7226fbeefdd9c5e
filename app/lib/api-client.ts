/**
 * The back office's one API client (SPEC.md sections 4, 7 and 8): JSON calls
 * under /api with the bearer token (except login), one refresh and one retry
 * on a 401, and SPEC.md's rule for error messages. No admin screen calls
 * `fetch` itself.
 *
 * The session (decision 030): the access token lives in memory only; the
 * refresh token in an HttpOnly cookie the server sets, which no script can
 * read; browser storage keeps only the signed-in user's e-mail, which also
 * says a cookie session may exist. After a reload the first call has no
 * access token, gets a 401 and refreshes from the cookie.
 */
import { CSRF_COOKIE, CSRF_HEADER, SESSION_TRANSPORT_HEADER } from '../../common/session-transport.ts';

/** What browser storage keeps of a session: the e-mail, and the keys of earlier versions, removed on sight. */
export const SESSION_KEYS = {
  userEmail: 'admin_user_email',
  legacyAccessToken: 'admin_access_token',
  legacyRefreshToken: 'admin_refresh_token',
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
  /** The page's cookies (`document.cookie`), for the CSRF token the server set. */
  cookies?: () => string;
  /** Where the API lives: `/api` on this site. */
  baseUrl?: string;
}

/** A session's answer; in a cookie session the refresh token is in the cookie, not here. */
interface LoginAnswer {
  access_token: string;
  id_token?: string;
}

/** The password was right; the server wants a two-factor code next. */
interface MfaAnswer {
  mfa_required: true;
  mfa_token: string;
}

/** The value of one cookie in a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
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

export function createApiClient({ fetch: send, storage, cookies = () => '', baseUrl = '/api' }: ApiClientOptions) {
  let refreshing: Promise<string> | null = null;
  // The address typed at the first step of a two-factor sign-in.
  let mfaEmail = '';
  // Memory only: a script injected into the page cannot find it in storage.
  let accessToken: string | null = null;

  const userEmail = () => storage().getItem(SESSION_KEYS.userEmail);
  const clearSession = () => {
    accessToken = null;
    const store = storage();
    for (const key of Object.values(SESSION_KEYS)) store.removeItem(key);
  };

  /** Keeps a session the server just started or renewed. */
  const keepSession = (answer: LoginAnswer, email?: string) => {
    accessToken = answer.access_token;
    const store = storage();
    store.removeItem(SESSION_KEYS.legacyAccessToken);
    store.removeItem(SESSION_KEYS.legacyRefreshToken);
    if (email !== undefined) store.setItem(SESSION_KEYS.userEmail, email);
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
    if (path.startsWith('/auth/')) {
      // Sign-in, refresh and logout: the session travels in cookies.
      headers[SESSION_TRANSPORT_HEADER] = 'cookie';
      const csrf = cookieValue(cookies(), CSRF_COOKIE);
      if (csrf) headers[CSRF_HEADER] = csrf;
    }
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
      const response = await call('/auth/refresh', { method: 'POST', body: {} }, null);
      const answer = await parse<Partial<LoginAnswer>>(response);
      if (!answer?.access_token) throw new Error('no access token in the refresh answer');
      keepSession({ access_token: answer.access_token });
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
    const isAuthCall = path.startsWith('/auth/');
    // After a reload the token is gone from memory: renew it from the cookie
    // first rather than send a call bound to be refused.
    if (accessToken === null && !isAuthCall && userEmail()) {
      try {
        await refreshAccessToken();
      } catch {
        return sessionExpired();
      }
    }
    const token = accessToken;
    const response = await call(path, options, token);
    if (response.status !== 401 || isAuthCall || !userEmail()) return parse<T>(response);
    // The refused answer is not read: release it.
    await response.body?.cancel().catch(() => {});

    let nextToken: string;
    const current = accessToken;
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

    /** Signs in; the server keeps the refresh token in its cookie. */
    async login(email: string, password: string): Promise<{ mfaToken: string } | undefined> {
      const answer = await request<LoginAnswer | MfaAnswer>('/auth/login', { method: 'POST', body: { email, password } });
      // Two-factor accounts get a session only once a code follows (`loginWithTotp`).
      if ('mfa_required' in answer) {
        mfaEmail = email;
        return { mfaToken: answer.mfa_token };
      }
      keepSession(answer, emailFromIdToken(answer.id_token) ?? email);
      return undefined;
    },

    /** The second step of a two-factor sign-in: keeps the session like `login`. */
    async loginWithTotp(mfaToken: string, proof: { code: string } | { recovery_code: string }): Promise<void> {
      const answer = await request<LoginAnswer>('/auth/login/totp', { method: 'POST', body: { mfa_token: mfaToken, ...proof } });
      keepSession(answer, emailFromIdToken(answer.id_token) ?? mfaEmail);
    },

    /** Ends the session on the server when it can; what the browser keeps goes in any case. */
    async logout(): Promise<void> {
      try {
        if (userEmail()) await request('/auth/logout', { method: 'POST', body: {} });
      } catch {
        // Signing out must work offline or with a dead session too.
      } finally {
        clearSession();
      }
    },

    /** Signed in as far as this page knows: a token in memory, or a session the cookie may still hold. */
    isSignedIn: () => accessToken !== null || Boolean(userEmail()),
    userEmail,
    clearSession,
  };
}

/** The browser's client: the site's own /api and localStorage. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  storage: () => window.localStorage,
  cookies: () => document.cookie,
});

/** The page a loader reads from the address: `?next_token=`. */
export function pageToken(request: Request): string | undefined {
  return new URL(request.url).searchParams.get('next_token') ?? undefined;
}

/** A list's search from the address (`?q=`), for its loader; a blank box is none. */
export function listSearch(request: Request): string | undefined {
  return new URL(request.url).searchParams.get('q')?.trim() || undefined;
}
