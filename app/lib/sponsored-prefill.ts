/**
 * SPEC.md section 4, step 4: after a cancelled checkout the sponsored form
 * is refilled from navigation state carrying the cancelled session id and
 * the pending submission.
 */

export interface SponsoredPrefill {
  project_name: string;
  project_url: string;
  description: string;
  contact_name: string;
  contact_email: string;
  press_kit_url: string;
}

export interface SponsoredFormState {
  cancelledSessionId: string;
  prefill: SponsoredPrefill | null;
}

const PREFILL_FIELDS = ['project_name', 'project_url', 'description', 'contact_name', 'contact_email', 'press_kit_url'] as const;

/** The navigation state the cancel page's 'Try again now' sends. */
export function sponsoredFormState(
  cancelledSessionId: string,
  pending: Partial<Record<(typeof PREFILL_FIELDS)[number], string | null>> | null,
): SponsoredFormState {
  if (!pending) return { cancelledSessionId, prefill: null };
  const prefill = {} as SponsoredPrefill;
  for (const field of PREFILL_FIELDS) prefill[field] = pending[field] ?? '';
  return { cancelledSessionId, prefill };
}

/**
 * Reads navigation state (anything may be in history.state) into the form's
 * refill; null when it is not a cancelled checkout's.
 */
export function sponsoredFormStateOf(state: unknown): SponsoredFormState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { cancelledSessionId, prefill } = state as Record<string, unknown>;
  if (typeof cancelledSessionId !== 'string' || cancelledSessionId === '') return null;
  if (typeof prefill !== 'object' || prefill === null) return { cancelledSessionId, prefill: null };
  const fields = prefill as Record<string, unknown>;
  const read = {} as SponsoredPrefill;
  for (const field of PREFILL_FIELDS) {
    const value = fields[field];
    read[field] = typeof value === 'string' ? value : '';
  }
  return { cancelledSessionId, prefill: read };
}
