/**
 * Guards for the back office's loaders and actions (SPEC.md sections 4 and
 * 6): signed out goes to /auth, an expired session says so and goes to
 * /auth, a failed admin check denies access.
 */
import { redirect } from 'react-router';
import { notifyError } from './admin-toasts.ts';
import { api, ApiRequestError, isSessionExpired, SESSION_EXPIRED_MESSAGE } from './api-client.ts';

/** Throws a redirect to /auth unless a session is stored. */
export function requireSignedIn(): void {
  if (!api.isSignedIn()) throw redirect('/auth');
}

/** SPEC.md section 6: the admin check is a call to the admin posts list. */
export async function requireAdmin(): Promise<void> {
  requireSignedIn();
  try {
    await api.get('/admin/posts', { limit: 1 });
  } catch (error) {
    if (isSessionExpired(error)) return sessionEnded();
    // Signed in, but two-factor must be set up first: the admin layout sends them to their account page.
    if (error instanceof ApiRequestError && error.code === 'TOTP_REQUIRED') return;
    // Leaving the tokens would send /auth straight back here.
    api.clearSession();
    notifyError('Access Denied', 'You need admin privileges to access this area.');
    throw redirect('/auth');
  }
}

function sessionEnded(): never {
  notifyError(SESSION_EXPIRED_MESSAGE);
  throw redirect('/auth');
}

/** Runs an admin loader or action; an expired session ends at /auth. */
export async function withAdminSession<T>(run: () => Promise<T>): Promise<T> {
  requireSignedIn();
  try {
    return await run();
  } catch (error) {
    if (isSessionExpired(error)) return sessionEnded();
    throw error;
  }
}

/** The server's message for a refused call, else the screen's own fallback (SPEC.md section 8). */
export function describeFailure(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}
