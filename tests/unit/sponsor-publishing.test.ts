/**
 * What the editor asks before a sponsored post leaves its draft (decision
 * 082): only for a post of a submission whose sponsor was not yet told it
 * is live, and with the links the one mail on going live will carry.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_CAMPAIGN_DRAFT, EMPTY_DRAFT, type ContentDraft } from '../../app/lib/content-payload.ts';
import { asksBeforePublishing, linksMailedOnPublishing, type PostSponsor } from '../../app/lib/sponsor-publishing.ts';

const SPONSOR: PostSponsor = {
  contactName: 'Hedy Lamarr',
  contactEmail: 'hedy@example.com',
  hasPreview: false,
  isPreviewPromised: false,
  isAnnounced: false,
  hasReportLink: false,
  hasCreatorLink: false,
};

const draft = (changes: Partial<ContentDraft>): ContentDraft => ({ ...EMPTY_DRAFT, fromSubmission: 7, ...changes });

describe('asking before a sponsored post is published', () => {
  it('asks when a draft of a submission is published now or scheduled', () => {
    expect(asksBeforePublishing(draft({}), draft({ stage: 'published' }), SPONSOR)).toBe(true);
    expect(asksBeforePublishing(draft({}), draft({ stage: 'scheduled' }), SPONSOR)).toBe(true);
    // Staff who may not read the submission are asked all the same.
    expect(asksBeforePublishing(draft({}), draft({ stage: 'published' }), null)).toBe(true);
  });

  it('asks nothing for a saved draft, a post already public, a sponsor already told, or a post of no submission', () => {
    expect(asksBeforePublishing(draft({}), draft({ stage: 'draft' }), SPONSOR)).toBe(false);
    expect(asksBeforePublishing(draft({ stage: 'published' }), draft({ stage: 'published' }), SPONSOR)).toBe(false);
    expect(asksBeforePublishing(draft({}), draft({ stage: 'published' }), { ...SPONSOR, isAnnounced: true })).toBe(false);
    expect(asksBeforePublishing(draft({ fromSubmission: null }), draft({ stage: 'published', fromSubmission: null }), null)).toBe(false);
  });
});

describe('the links the mail on going live carries', () => {
  const campaign = EMPTY_CAMPAIGN_DRAFT;

  it('names the address, the counted campaign link, the report and the update link of a first publication', () => {
    expect(linksMailedOnPublishing(draft({ campaign_url: 'https://www.kickstarter.com/projects/kite', campaign }), SPONSOR)).toEqual([
      "the post's address, to share freely",
      'a link straight to the campaign, its clicks counted in the report',
      "the private link to the post's report: views, visitors and clicks to the campaign",
      "the private link to keep the campaign's numbers up to date",
    ]);
  });

  it('leaves out what the post lacks and what the sponsor was already sent', () => {
    expect(linksMailedOnPublishing(draft({}), SPONSOR)).toEqual([
      "the post's address, to share freely",
      "the private link to the post's report: views, visitors and clicks to the campaign",
    ]);
    expect(linksMailedOnPublishing(draft({ campaign }), { ...SPONSOR, isAnnounced: true, hasReportLink: true })).toEqual([
      "the private link to keep the campaign's numbers up to date",
    ]);
  });
});
