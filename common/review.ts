/**
 * A post's review: what the site thinks of the campaign (the verdict, the
 * take, who it is for, the risks, an optional score). Reviews and payment
 * never mix: a sponsored post carries none (decision 093).
 */

export const VERDICTS = ['back_it', 'worth_watching', 'wait'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** How the pages word each verdict. */
export const VERDICT_LABELS: Record<Verdict, string> = {
  back_it: 'Back it',
  worth_watching: 'Worth watching',
  wait: 'Wait for retail',
};

export const REVIEW_LIMITS = {
  take: 600,
  forWhom: 200,
  risks: 5,
  risk: 160,
  scoreMin: 1,
  scoreMax: 10,
} as const;

/** A stored review, as the post answers carry it. */
export interface ReviewJson {
  verdict: Verdict;
  take: string;
  for_whom: string;
  risks: string[];
  /** A whole number from 1 to 10; null: not scored. */
  score: number | null;
}

/** What the page says beside the Sponsored label, in place of a review. */
export const SPONSORED_NOT_RATED = 'Sponsored: not rated by the editors';

/** Why a review is refused on a sponsored post (the 400's message). */
export const SPONSORED_REVIEW_REFUSED = 'Review: a sponsored post carries no review, verdict or score';

/**
 * A stored review read back (a JSON text column): anything that is not one
 * is no review, so a hand-edited row never breaks a page.
 */
export function reviewFromStored(stored: string | null): ReviewJson | null {
  if (stored === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { verdict, take, for_whom, risks, score } = value as Record<string, unknown>;
  if (!VERDICTS.includes(verdict as Verdict)) return null;
  return {
    verdict: verdict as Verdict,
    take: typeof take === 'string' ? take : '',
    for_whom: typeof for_whom === 'string' ? for_whom : '',
    risks: Array.isArray(risks) ? risks.filter((risk): risk is string => typeof risk === 'string') : [],
    score: typeof score === 'number' && Number.isInteger(score) ? score : null,
  };
}
