/**
 * When a delivery is tried again: the Standard Webhooks schedule, one try at
 * once and seven more after these pauses (about 28 hours in all), then it
 * is failed for good. An endpoint that has failed for 5 days, with no
 * success between, is turned off and its owner told.
 */
export const RETRY_PAUSES_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** Every try: the first and its retries. */
export const MAX_DELIVERY_ATTEMPTS = RETRY_PAUSES_SECONDS.length + 1;

export const DISABLE_AFTER_FAILING_SECONDS = 5 * 24 * 3600;

/** When the next try is due after `attempts` tries ended at `now`; null when that was the last. */
export function nextAttemptAt(attempts: number, now: number): number | null {
  const pause = RETRY_PAUSES_SECONDS[attempts - 1];
  return pause === undefined ? null : now + pause;
}

/** Whether an endpoint failing since `failingSince` is to be turned off at `now`. */
export function isFailingTooLong(failingSince: number | null, now: number): boolean {
  return failingSince !== null && now - failingSince >= DISABLE_AFTER_FAILING_SECONDS;
}
