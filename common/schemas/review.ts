import { z } from 'zod';
import { REVIEW_LIMITS, VERDICT_LABELS, VERDICTS } from '../review.ts';
import { isOneLine, oneLineMessage } from './fields.ts';

const hasNoNul = (value: string) => !value.includes('\u0000');

/** Plain text of at most `maxLength` characters; `line`: one line only. */
function reviewText(label: string, maxLength: number, options: { required: boolean; line: boolean }) {
  const text = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLength, `${label} must be at most ${maxLength} characters`)
    .refine(hasNoNul, `${label} must not contain NUL characters`)
    .refine((value) => !options.line || isOneLine(value), oneLineMessage(label));
  return options.required ? text.min(1, `${label} must not be empty`) : text;
}

const SCORE_MESSAGE = `Score must be a whole number from ${REVIEW_LIMITS.scoreMin} to ${REVIEW_LIMITS.scoreMax}, or null`;

export const verdictField = z.enum(VERDICTS, {
  error: `Verdict must be one of ${VERDICTS.join(', ')} (${Object.values(VERDICT_LABELS).join(', ')})`,
});

/**
 * A post's review as the editor saves it (`review` in the post payload).
 * Messages name the field; a text left out or null is empty, and so is a
 * list of risks.
 */
export const reviewInputSchema = z
  .object({
    verdict: verdictField,
    take: reviewText('Our take', REVIEW_LIMITS.take, { required: true, line: false }),
    for_whom: reviewText('Who it is for', REVIEW_LIMITS.forWhom, { required: false, line: true })
      .nullish()
      .transform((value) => value ?? ''),
    risks: z
      .array(reviewText('Each risk', REVIEW_LIMITS.risk, { required: true, line: true }), { error: 'Risks must be a list of texts' })
      .max(REVIEW_LIMITS.risks, `At most ${REVIEW_LIMITS.risks} risks`)
      .nullish()
      .transform((value) => value ?? []),
    score: z
      .number({ error: SCORE_MESSAGE })
      .int(SCORE_MESSAGE)
      .min(REVIEW_LIMITS.scoreMin, SCORE_MESSAGE)
      .max(REVIEW_LIMITS.scoreMax, SCORE_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
  })
  .strict();

export type ReviewInput = z.output<typeof reviewInputSchema>;
