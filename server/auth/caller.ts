import type { StaffRole } from '../../common/staff-roles.ts';

/** Who is asking, as far as the services need to know: the address the rate limits count. */
export interface Caller {
  /** The caller's address (TRUST_PROXY applies). */
  clientIp: string;
  /** The browser's User-Agent header ('' when none), shown with a staff session. */
  userAgent?: string;
}

/** The signed-in administrator a back-office write is made for (kept with what it changes). */
export interface Actor {
  userId: number;
}

/** A signed-in member of staff, as the route guards found them. */
export interface Staff extends Actor {
  email: string;
  role: StaffRole;
  /** The sign-in session of the access token (absent for tokens issued before sessions were kept). */
  sessionId: string | null;
}
