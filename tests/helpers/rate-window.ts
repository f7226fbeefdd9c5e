/**
 * Rate limits count in fixed windows aligned to the clock (10 minutes from
 * :00, :10, ...). A test that uses up a limit and then expects a refusal
 * must not straddle a window's end, or the refusal never comes.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Waits, if need be, until at least `neededSeconds` remain in the current window. */
export async function awaitRoomInRateWindow(windowSeconds: number, neededSeconds: number): Promise<void> {
  const now = Date.now() / 1000;
  const left = windowSeconds - (now % windowSeconds);
  if (left < neededSeconds) await sleep(Math.ceil((left + 1) * 1000));
}
