/**
 * SPEC.md section 7: payment status lookups made from the browser are tried
 * again up to 2 times, never when the answer says the session is not found
 * (asking again cannot make an unknown session appear).
 */

export const PAYMENT_LOOKUP_RETRIES = 2;

/** Whether a lookup that failed `failedAttempts` times (1 after the first) with `message` is tried again. */
export function shouldRetryPaymentLookup(failedAttempts: number, message: string): boolean {
  return failedAttempts <= PAYMENT_LOOKUP_RETRIES && !message.toLowerCase().includes('not found');
}

/** A lookup's answer: what the page shows, or why it could not be had. */
export type PaymentLookup<T> = { state: 'ready'; result: T } | { state: 'error'; message: string | null } | { state: 'missing' };

const pause = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/**
 * Runs `lookup`, again after a short pause while `shouldRetryPaymentLookup`
 * allows. A thrown error (the network) counts as a failure with its message.
 */
export async function lookUpWithRetries<T>(
  lookup: () => Promise<PaymentLookup<T>>,
  wait: (milliseconds: number) => Promise<void> = pause,
): Promise<PaymentLookup<T>> {
  for (let failedAttempts = 1; ; failedAttempts += 1) {
    let answer: PaymentLookup<T>;
    try {
      answer = await lookup();
    } catch (error) {
      answer = { state: 'error', message: error instanceof Error ? error.message : null };
    }
    if (answer.state !== 'error' || !shouldRetryPaymentLookup(failedAttempts, answer.message ?? '')) return answer;
    await wait(500 * failedAttempts);
  }
}
