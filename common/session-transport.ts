/**
 * How the back office asks for its session in cookies rather than JSON
 * (decision 030), named once for the server and the API client.
 */

/** Sent with `cookie` on sign-in, refresh and logout. */
export const SESSION_TRANSPORT_HEADER = 'X-Session-Transport';
/** The readable cookie holding the CSRF token, and the header that must repeat it. */
export const CSRF_COOKIE = 'admin_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
