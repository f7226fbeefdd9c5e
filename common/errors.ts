/**
 * The error codes of the API's error JSON (`{ "error": CODE, "message": … }`)
 * and the one error type every layer below HTTP throws. A `DomainError` says
 * what went wrong in the domain's words (its code and kind); its kind's
 * status is `STATUS_BY_KIND`, and server/http is the one place that turns it
 * into an API answer's status and headers.
 */

export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'INVALID_JSON'
  | 'INVALID_CURSOR'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAUTHORIZED'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_TOKEN'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'VERSION_CONFLICT'
  | 'INVALID_STATUS_TRANSITION'
  | 'SLUG_TAKEN'
  | 'ALREADY_SUBSCRIBED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INVALID_FILE_TYPE'
  | 'FILE_TOO_LARGE'
  | 'INVALID_S3_KEY'
  | 'INVALID_UPLOAD_TOKEN'
  | 'UPLOAD_FAILED'
  | 'INVALID_CODE'
  | 'TOTP_REQUIRED'
  | 'CSRF_FAILED'
  | 'LAST_OWNER'
  | 'EMAIL_TAKEN'
  | 'CANNOT_REMOVE_SELF'
  | 'NO_RECIPIENTS'
  | 'NO_ENDING_CAMPAIGNS'
  | 'CAMPAIGN_FETCHING_OFF'
  | 'CAMPAIGN_FETCH_FAILED'
  | 'NOT_FOLLOWABLE'
  | 'CDN_NOT_CONFIGURED'
  | 'WEBHOOK_ENDPOINT_OFF'
  | 'INTERNAL_ERROR';

/** The kind of failure, which decides how a caller may react (and the HTTP status). */
export type ErrorKind =
  /** The input is wrong: fixing it may help. */
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'not_allowed'
  /** The input is fine but the current state refuses it (a stale version, a taken slug). */
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'rate_limited'
  /** A dependency (the payment provider, the database) is not answering: try again later. */
  | 'unavailable'
  /** The input is fine but there is no room to keep it. */
  | 'storage_full'
  | 'internal';

/** Each code's usual kind; a few codes are raised with another (an upload that fails for lack of room). */
export const KIND_BY_CODE: Record<ErrorCode, ErrorKind> = {
  VALIDATION_FAILED: 'invalid',
  INVALID_JSON: 'invalid',
  INVALID_CURSOR: 'invalid',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_type',
  PAYLOAD_TOO_LARGE: 'too_large',
  UNAUTHORIZED: 'unauthenticated',
  INVALID_CREDENTIALS: 'unauthenticated',
  INVALID_TOKEN: 'unauthenticated',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  METHOD_NOT_ALLOWED: 'not_allowed',
  VERSION_CONFLICT: 'conflict',
  INVALID_STATUS_TRANSITION: 'conflict',
  SLUG_TAKEN: 'conflict',
  ALREADY_SUBSCRIBED: 'conflict',
  RATE_LIMITED: 'rate_limited',
  SERVICE_UNAVAILABLE: 'unavailable',
  INVALID_FILE_TYPE: 'unsupported_type',
  FILE_TOO_LARGE: 'too_large',
  INVALID_S3_KEY: 'invalid',
  INVALID_UPLOAD_TOKEN: 'forbidden',
  UPLOAD_FAILED: 'invalid',
  /** A wrong or spent two-factor or recovery code. */
  INVALID_CODE: 'unauthenticated',
  /** The owner requires two-factor sign-in and this account has not set it up. */
  TOTP_REQUIRED: 'forbidden',
  /** A cookie-authenticated call without the matching CSRF header. */
  CSRF_FAILED: 'forbidden',
  /** The change would leave the site without an owner. */
  LAST_OWNER: 'conflict',
  /** A staff account or pending invitation has the address already. */
  EMAIL_TAKEN: 'conflict',
  /** An owner asked to remove their own account: another owner has to. */
  CANNOT_REMOVE_SELF: 'conflict',
  /** A newsletter issue would go to nobody: there is no active subscriber. */
  NO_RECIPIENTS: 'conflict',
  /** An "ending soon" issue was asked for, and no live campaign ends within its window. */
  NO_ENDING_CAMPAIGNS: 'conflict',
  /** Reading campaign pages is off until the owner turns it on. */
  CAMPAIGN_FETCHING_OFF: 'conflict',
  /** "Purge everything" was asked for, and no CDN is configured (CDN_PURGE, decision 098). */
  CDN_NOT_CONFIGURED: 'conflict',
  /** A campaign page could not be read: the platform refused, was slow, or answered something else. */
  CAMPAIGN_FETCH_FAILED: 'unavailable',
  /** A post with no campaign, or one that has ended or was canceled: there is nothing to follow. */
  NOT_FOLLOWABLE: 'conflict',
  WEBHOOK_ENDPOINT_OFF: 'conflict',
  INTERNAL_ERROR: 'internal',
};

/**
 * The status each kind is answered with, by the API (server/http/errors.ts)
 * and the pages (app/server/) alike: one map, so a refusal reads the same
 * on both paths.
 */
export const STATUS_BY_KIND = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  storage_full: 507,
} as const satisfies Record<ErrorKind, number>;

export interface DomainErrorOptions {
  /** When it differs from the code's usual kind. */
  kind?: ErrorKind;
  /** When trying again can help, and how soon. */
  retryAfterSeconds?: number;
  /** The first message of each field, for forms that show them beside the field. */
  fieldErrors?: Partial<Record<string, string>>;
}

/**
 * Marks domain errors across bundles: the server and the pages' build each
 * hold their own copy of this module, so a plain `instanceof` would not see
 * an error thrown by the other's copy as one.
 */
const DOMAIN_ERROR = Symbol.for('crowdfunding-showcase.domain-error');

export class DomainError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && DOMAIN_ERROR in value;
  }

  override name = 'DomainError';
  readonly [DOMAIN_ERROR] = true;
  readonly kind: ErrorKind;
  readonly retryAfterSeconds: number | undefined;
  readonly fieldErrors: Partial<Record<string, string>> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.kind = options.kind ?? KIND_BY_CODE[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.fieldErrors = options.fieldErrors;
  }
}

export const notFound = (message: string) => new DomainError('NOT_FOUND', message);

/** Posts and resources share the `/{slug}` address space (decision 002). */
export const slugTaken = (slug: string) =>
  new DomainError('SLUG_TAKEN', `Slug "${slug}" is already used by another post or resource`);

export const versionConflict = (what: string) =>
  new DomainError(
    'VERSION_CONFLICT',
    `This ${what} was changed by someone else. Reload it to see the latest version, then apply your changes again.`,
  );
