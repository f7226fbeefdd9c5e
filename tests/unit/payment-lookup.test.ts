import { describe, expect, it } from 'vitest';
import { lookUpWithRetries, shouldRetryPaymentLookup, type PaymentLookup } from '../../app/lib/payment-lookup.ts';

type Lookup = PaymentLookup<{ status: string }>;

/** A lookup that answers from a script, counting its calls and the pauses between them. */
function scripted(answers: Array<Lookup | Error>) {
  const calls = { lookups: 0, pauses: [] as number[] };
  const lookup = async (): Promise<Lookup> => {
    const answer = answers[Math.min(calls.lookups, answers.length - 1)];
    calls.lookups += 1;
    if (answer instanceof Error) throw answer;
    if (!answer) throw new Error('the script is empty');
    return answer;
  };
  const wait = async (milliseconds: number) => {
    calls.pauses.push(milliseconds);
  };
  return { lookup, wait, calls };
}

const failure = (message: string | null): Lookup => ({ state: 'error', message });
const ready: Lookup = { state: 'ready', result: { status: 'completed' } };

describe('the payment lookup retry rule', () => {
  it('allows a second and a third attempt, and no fourth', () => {
    expect(shouldRetryPaymentLookup(1, 'The payment provider did not answer')).toBe(true);
    expect(shouldRetryPaymentLookup(2, 'The payment provider did not answer')).toBe(true);
    expect(shouldRetryPaymentLookup(3, 'The payment provider did not answer')).toBe(false);
  });

  it('never retries when the message says not found, in any case', () => {
    expect(shouldRetryPaymentLookup(1, 'Payment session not found')).toBe(false);
    expect(shouldRetryPaymentLookup(1, 'Session Not Found')).toBe(false);
  });

  it('tries a failing lookup three times in all, then answers the last failure', async () => {
    const { lookup, wait, calls } = scripted([failure('Server busy'), failure('Server busy'), failure('Still busy')]);
    expect(await lookUpWithRetries(lookup, wait)).toEqual(failure('Still busy'));
    expect(calls.lookups).toBe(3);
    expect(calls.pauses).toEqual([500, 1000]);
  });

  it('stops at the first success', async () => {
    const { lookup, wait, calls } = scripted([failure('Server busy'), ready, failure('never asked')]);
    expect(await lookUpWithRetries(lookup, wait)).toEqual(ready);
    expect(calls.lookups).toBe(2);
  });

  it('asks once for an unknown session', async () => {
    const { lookup, wait, calls } = scripted([failure('Payment session not found'), ready]);
    expect(await lookUpWithRetries(lookup, wait)).toEqual(failure('Payment session not found'));
    expect(calls.lookups).toBe(1);
    expect(calls.pauses).toEqual([]);
  });

  it('retries a failure without a message, and a thrown network error with its message', async () => {
    const { lookup, wait, calls } = scripted([failure(null), new Error('Failed to fetch'), new Error('Failed to fetch')]);
    expect(await lookUpWithRetries(lookup, wait)).toEqual(failure('Failed to fetch'));
    expect(calls.lookups).toBe(3);
  });

  it('does not retry a page opened without a session id', async () => {
    const { lookup, wait, calls } = scripted([{ state: 'missing' }, ready]);
    expect(await lookUpWithRetries(lookup, wait)).toEqual({ state: 'missing' });
    expect(calls.lookups).toBe(1);
  });
});
