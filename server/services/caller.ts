/** Who is asking, as far as the services need to know: the address the rate limits count. */
export interface Caller {
  /** The caller's address (TRUST_PROXY applies). */
  clientIp: string;
}
