/**
 * The hidden field bots fill in and people never see. A public submission
 * with it filled is answered like a success and dropped, on the forms and
 * the API alike.
 */
export const HONEYPOT_FIELD = 'website';

export function isHoneypotFilled(values: unknown): boolean {
  if (typeof values !== 'object' || values === null) return false;
  const value = (values as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}
