/**
 * The editor's Review panel as a payload: an empty verdict is no review, a
 * sponsored post never sends one, risks are one a line, and each problem is
 * named by its field so it shows beside its control.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, EMPTY_REVIEW_DRAFT, reviewDraftOf, reviewPayload, reviewProblems, type ContentDraft, type ReviewDraft } from '../../app/lib/content-payload.ts';
import { reviewFromStored, type ReviewJson } from '../../common/review.ts';

const REVIEW: ReviewJson = { verdict: 'back_it', take: 'Well made.', for_whom: 'Campers', risks: ['Late', 'First run'], score: 8 };

const draft = (review: Partial<ReviewDraft>, changes: Partial<ContentDraft> = {}): ContentDraft => ({
  ...EMPTY_DRAFT,
  review: { ...EMPTY_REVIEW_DRAFT, ...review },
  ...changes,
});

describe('the review in the editor', () => {
  it('reads a stored review back and sends the same one', () => {
    const form = reviewDraftOf(REVIEW);
    expect(form).toEqual({ verdict: 'back_it', take: 'Well made.', for_whom: 'Campers', risks: 'Late\nFirst run', score: '8' });
    expect(reviewPayload({ ...EMPTY_DRAFT, review: form })).toEqual(REVIEW);
    expect(reviewDraftOf(null)).toEqual(EMPTY_REVIEW_DRAFT);
  });

  it('sends none without a verdict, and none for a sponsored post or one made from a paid submission', () => {
    expect(reviewPayload(draft({}))).toBeNull();
    expect(reviewPayload(draft(reviewDraftOf(REVIEW), { sponsored: true }))).toBeNull();
    expect(reviewPayload(draft(reviewDraftOf(REVIEW), { fromSubmission: 3 }))).toBeNull();
    expect(reviewProblems(draft({ verdict: 'wait', take: '' }, { sponsored: true }))).toEqual({});
  });

  it('leaves blank risk lines out and sends an empty score as none', () => {
    expect(reviewPayload(draft({ verdict: 'wait', take: 'Later.', risks: '\n  Late  \n\n', score: ' ' }))).toEqual({
      verdict: 'wait',
      take: 'Later.',
      for_whom: '',
      risks: ['Late'],
      score: null,
    });
  });

  it('names each problem by its field', () => {
    expect(reviewProblems(draft({ take: 'Text without a verdict' }))).toEqual({
      'review.verdict': 'Choose a verdict, or empty the review to save none',
    });
    expect(
      reviewProblems(draft({ verdict: 'back_it', take: '', for_whom: 'x'.repeat(201), risks: 'a\nb\nc\nd\ne\nf', score: '11' })),
    ).toEqual({
      'review.take': 'Our take must not be empty',
      'review.for_whom': 'Who it is for must be at most 200 characters',
      'review.risks': 'At most 5 risks',
      'review.score': 'Score must be a whole number from 1 to 10, or null',
    });
    expect(reviewProblems(draft({ verdict: 'back_it', take: 'x'.repeat(600), risks: 'y'.repeat(160), score: '10' }))).toEqual({});
    expect(reviewProblems(draft({ verdict: 'back_it', take: 'Fine', risks: 'y'.repeat(161), score: 'ten' }))).toEqual({
      'review.risks': 'Each risk must be at most 160 characters',
      'review.score': 'Score must be a whole number from 1 to 10, or null',
    });
  });
});

describe('a stored review read back', () => {
  it('is the review it holds, or none when the text is no review', () => {
    expect(reviewFromStored(JSON.stringify(REVIEW))).toEqual(REVIEW);
    expect(reviewFromStored(null)).toBeNull();
    expect(reviewFromStored('not json')).toBeNull();
    expect(reviewFromStored('"back_it"')).toBeNull();
    expect(reviewFromStored(JSON.stringify({ ...REVIEW, verdict: 'buy' }))).toBeNull();
  });
});
