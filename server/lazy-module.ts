/**
 * Packages most requests never need (image processing, social-card drawing,
 * the newsletter's e-mail renderer, password hashing), loaded on their first
 * use instead of at start (decision 039): each one loaded takes memory for
 * as long as the process runs, and a server that is never asked for that
 * work should not carry it. The import must name the package itself
 * (`import('sharp')`): the server bundle keeps packages external, so that
 * import stays a real one, where an import of one of our own modules is
 * bundled and its packages loaded at start with the rest. Callers that
 * cannot wait (a synchronous API) `require` the package where it is used
 * and throw a ModuleLoadError themselves.
 */

/** A package that could not be loaded: a fault of the installation, never of the request that needed it. */
export class ModuleLoadError extends Error {
  constructor(packageName: string, purpose: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${packageName} (${purpose}) could not be loaded: ${reason}`, { cause });
    this.name = 'ModuleLoadError';
  }
}

export interface LazyModuleOptions {
  /**
   * Lets go what `load` answered once no call came for this long: the next
   * call loads it again. For what is large, rarely used and quick enough to
   * build again (the password estimate's dictionaries, decision 103): held
   * for good, it would stay in the heap, and the heap grows with what
   * stays in it.
   */
  releaseAfterMs?: number;
}

/**
 * `load` run once, on the first call, its result shared by every call after.
 * A failed load is tried again on the next call rather than failing every
 * one after, and is thrown as a ModuleLoadError naming the package.
 */
export function lazyModule<T>(
  packageName: string,
  purpose: string,
  load: () => Promise<T>,
  { releaseAfterMs }: LazyModuleOptions = {},
): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  let release: ReturnType<typeof setTimeout> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw new ModuleLoadError(packageName, purpose, error);
    });
    if (releaseAfterMs !== undefined) {
      clearTimeout(release);
      release = setTimeout(() => {
        loaded = undefined;
      }, releaseAfterMs);
      // A server with nothing else to do may stop meanwhile.
      release.unref();
    }
    return loaded;
  };
}
