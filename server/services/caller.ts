/** Who is asking, as far as the services need to know: the address the rate limits count. */
export interface Caller {
  /** The caller's address (TRUST_PROXY applies). */
  clientIp: string;
}

/** The signed-in administrator a back-office write is made for (kept with what it changes). */
export interface Actor {
  userId: number;
}
