import { Hono, type Context } from 'hono';
import type { AppEnv } from '../deps.ts';
import { readJsonObject } from '../http/input.ts';
import {
  clearSessionCookies,
  cookieRefreshToken,
  setSessionCookies,
  wantsCookieSession,
} from '../http/session-cookies.ts';
import type { AppServices } from '../services/index.ts';
import type { CallerOf } from '../http/client-ip.ts';
import type { Session } from '../auth/tokens.ts';

/**
 * POST /auth/login | refresh | logout (SPEC.md section 7). API clients send
 * and receive the refresh token in JSON; the back office asks for it in an
 * HttpOnly cookie instead (`X-Session-Transport: cookie`, decision 030).
 */
export function authApi({ auth, passwordResets, staff }: AppServices, callerOf: CallerOf, trustProxy: boolean) {
  const app = new Hono<AppEnv>();

  /** The session's answer: in a cookie session the refresh token goes into the cookie, not the body. */
  const answerSession = (c: Context<AppEnv>, session: Session) => {
    if (!wantsCookieSession(c)) return c.json(session);
    setSessionCookies(c, session.refresh_token, trustProxy);
    const { refresh_token: _inCookie, ...rest } = session;
    return c.json(rest);
  };

  /** The refresh token of the call: the cookie's (CSRF-checked) for the back office, the body's otherwise. */
  const refreshTokenOf = async (c: Context<AppEnv>) => {
    const fromCookie = wantsCookieSession(c) ? cookieRefreshToken(c) : undefined;
    const body = await readJsonObject(c);
    return fromCookie === undefined ? body : { ...body, refresh_token: fromCookie };
  };

  app.post('/login', async (c) => {
    const answer = await auth.login(await readJsonObject(c), callerOf(c));
    return 'access_token' in answer ? answerSession(c, answer) : c.json(answer);
  });
  // The second step of a sign-in with two-factor: the token the first answered, and a code.
  app.post('/login/totp', async (c) => answerSession(c, await auth.loginWithTotp(await readJsonObject(c), callerOf(c))));
  app.post('/refresh', async (c) => {
    const values = await refreshTokenOf(c);
    try {
      return answerSession(c, await auth.refresh(values, callerOf(c)));
    } catch (error) {
      // A dead cookie session is over: do not let the browser keep sending it.
      if (wantsCookieSession(c)) clearSessionCookies(c);
      throw error;
    }
  });
  app.post('/logout', async (c) => {
    const values = await refreshTokenOf(c);
    if (wantsCookieSession(c)) clearSessionCookies(c);
    await auth.logout(values);
    return c.body(null, 204);
  });
  // "Forgot your password?": the same 202 whether or not the account exists.
  app.post('/forgot-password', async (c) =>
    c.json(await passwordResets.requestReset(await readJsonObject(c), callerOf(c)), 202),
  );
  app.get('/reset-password/:token', async (c) => c.json(await passwordResets.checkLink(c.req.param('token'))));
  app.post('/reset-password', async (c) => {
    await passwordResets.resetPassword(await readJsonObject(c), callerOf(c));
    return c.body(null, 204);
  });
  // Staff invitations: what a link offers, and accepting it with a name and password.
  app.get('/invitations/:token', async (c) => c.json(await staff.checkInvitation(c.req.param('token'), callerOf(c))));
  app.post('/accept-invite', async (c) => c.json(await staff.acceptInvitation(await readJsonObject(c), callerOf(c)), 201));
  return app;
}
