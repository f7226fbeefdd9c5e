/**
 * The editor's "Refresh now" and the last refresh's error, as rendered:
 * only for a stored Kickstarter campaign, and an error that says the facts
 * shown are the stored ones.
 */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CampaignRefresh, type RefreshFacts } from '../../app/components/admin/content-editor/campaign-refresh.tsx';

const kickstarter: RefreshFacts = {
  platform: 'kickstarter',
  url: 'https://www.kickstarter.com/projects/a/b',
  facts_source: 'editor',
  facts_updated_at: 1_800_000_000,
  refresh_error: null,
  refresh_error_at: null,
};

const render = (campaign: RefreshFacts, fetchingOn = true) => renderToStaticMarkup(h(CampaignRefresh, { postId: 7, campaign, fetchingOn }));

describe('"Refresh now" in the campaign fieldset', () => {
  it('is offered for a Kickstarter campaign with a URL only', () => {
    expect(render(kickstarter)).toContain('Refresh now');
    expect(render({ ...kickstarter, platform: 'indiegogo' })).toBe('');
    expect(render({ ...kickstarter, url: null })).toBe('');
  });

  it('is not offered while reading campaign pages is off, where a press could only be refused', () => {
    expect(render(kickstarter, false)).not.toContain('Refresh now');
    const failedBefore = render({ ...kickstarter, refresh_error: 'Kickstarter answered 503', refresh_error_at: 1_800_000_000 }, false);
    expect(failedBefore).not.toContain('Refresh now');
    expect(failedBefore).toContain('Kickstarter answered 503');
  });

  it('shows the last refresh\'s error, and that the facts are the stored ones', () => {
    const html = render({ ...kickstarter, refresh_error: 'Kickstarter answered 503', refresh_error_at: 1_800_000_000 });
    expect(html).toContain('Last refresh failed');
    expect(html).toContain('Kickstarter answered 503');
    expect(html).toContain('The facts shown are the ones stored before.');
    expect(render(kickstarter)).not.toContain('Last refresh failed');
  });
});
