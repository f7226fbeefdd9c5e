/**
 * Toasts (sonner) without shipping sonner with every page: the library and
 * the toast region are fetched when a form is first used, before anything
 * needs announcing (a live region must exist before its content changes for
 * screen readers to read it). SPEC.md section 9: toasts live 4 to 5 seconds,
 * errors the longer.
 */
import type { FormOutcome } from './form-outcome.ts';

export const TOAST_DURATION = 4000;
export const ERROR_TOAST_DURATION = 5000;

const listeners = new Set<() => void>();
let isWanted = false;

const loadSonner = () => import('sonner');

// Sonner drops a toast raised before its <Toaster> subscribed, which a quick
// first submit can do while the region's code is still arriving.
let markRegionMounted = () => {};
const regionMounted = new Promise<void>((resolve) => {
  markRegionMounted = resolve;
});

/** Called by the toast region once its Toaster is mounted. */
export function toastRegionMounted(): void {
  markRegionMounted();
}

/** Calls `listener` once the toast region is wanted (at once if it already is); returns an unsubscribe. */
export function onToastRegionWanted(listener: () => void): () => void {
  if (isWanted) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounts the toast region and fetches the library ahead of the first toast. */
export function prepareToasts(): void {
  void loadSonner();
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

// Outcomes already announced: one outcome may be raised from two places
// (a client action and the form's effect) and must show once.
const announced = new WeakSet<FormOutcome>();

/** SPEC.md section 8's toast for a form's outcome (once per outcome object). */
export function showOutcomeToast(outcome: FormOutcome): void {
  if (announced.has(outcome)) return;
  announced.add(outcome);
  prepareToasts();
  void Promise.all([loadSonner(), regionMounted]).then(([{ toast }]) => {
    const options = { description: outcome.description };
    if (outcome.status === 'success') toast.success(outcome.title, options);
    else if (outcome.status === 'info') toast.info(outcome.title, options);
    else toast.error(outcome.title, { ...options, duration: ERROR_TOAST_DURATION });
  });
}

/**
 * The client action of a route whose public form posts through a fetcher
 * (the contact, newsletter and sponsored forms). A post that gets no answer
 * (offline, a dropped connection) would otherwise throw to the route's error
 * page and take what was typed with it; here it becomes the form's failure
 * outcome (SPEC.md section 8), shown as a toast, with the form as it was.
 *
 * @example
 * export const clientAction = (args: Route.ClientActionArgs) =>
 *   postOrAnnounceFailure(args, () => failedOutcome('Failed to send message'));
 */
export async function postOrAnnounceFailure<T, F extends FormOutcome>(
  { serverAction, request }: { serverAction: () => Promise<T>; request: Request },
  failure: () => F,
): Promise<T | F> {
  try {
    return await serverAction();
  } catch (error) {
    // Redirects (to a checkout) arrive thrown and must go on; so does a post
    // the page itself called off (the form left the page), which may well
    // have arrived and must not be reported as failed.
    if (error instanceof Response || request.signal.aborted) throw error;
    // Announced from here, not only by the form's effect once React commits:
    // after a dropped connection that commit was seen to come without the
    // effect, leaving the visitor with no word at all. Shown once either way.
    const outcome = failure();
    showOutcomeToast(outcome);
    return outcome;
  }
}
