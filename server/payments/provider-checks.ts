/**
 * When this app last asked the payment provider about each pending checkout
 * session. A result page can be reloaded (or scripted) as fast as anyone
 * likes: one app asks about one session at most every
 * PROVIDER_CHECK_INTERVAL_MS and answers the stored state in between. Each
 * app has its own (AppDeps.providerChecks).
 */
export const PROVIDER_CHECK_INTERVAL_MS = 2000;
// Enough for every checkout open at once on a busy site; the oldest go first.
const MAX_TRACKED_SESSIONS = 10_000;

export class ProviderChecks {
  private readonly lastCheck = new Map<string, number>();

  /** True, and noted, when the provider may be asked about this session now. */
  mayAsk(sessionId: string, now = Date.now()): boolean {
    const last = this.lastCheck.get(sessionId);
    if (last !== undefined && now - last < PROVIDER_CHECK_INTERVAL_MS) return false;
    this.lastCheck.delete(sessionId);
    this.lastCheck.set(sessionId, now);
    if (this.lastCheck.size > MAX_TRACKED_SESSIONS) {
      const oldest = this.lastCheck.keys().next();
      if (!oldest.done) this.lastCheck.delete(oldest.value);
    }
    return true;
  }
}
