import { useRef } from 'react';
import type { CampaignPreviewJson } from '../../../../common/answers.ts';
import { notifyError, notifySuccess } from '../../../lib/admin-toasts.ts';
import { describeFailure } from '../../../lib/admin-session.ts';
import { api, ApiRequestError } from '../../../lib/api-client.ts';
import { campaignPrefill } from '../../../lib/campaign-prefill.ts';
import type { ContentDraft } from '../../../lib/content-payload.ts';
import type { DraftChange } from './draft-fields.ts';

/**
 * A pasted campaign URL fills the empty title, excerpt, cover image and
 * campaign basics from the page's Open Graph tags, once per editing: after one fill, pasting
 * another URL changes only the URL. Nothing is said while the owner has
 * reading campaign pages turned off.
 */
export function useCampaignPrefill(draft: ContentDraft, onChange: (change: DraftChange) => void) {
  const done = useRef(false);
  const asking = useRef(false);
  // The draft as it is when the answer comes: what the editor typed meanwhile stays.
  const latest = useRef(draft);
  latest.current = draft;

  return async (pasted: string) => {
    const url = pasted.trim();
    if (done.current || asking.current || !/^https?:\/\//i.test(url)) return;
    asking.current = true;
    try {
      const preview = await api.post<CampaignPreviewJson>('/admin/campaign-preview', { url });
      done.current = true;
      const fill = campaignPrefill({ ...latest.current, campaign_url: url }, preview);
      if (Object.keys(fill).length === 0) return;
      onChange(fill);
      notifySuccess('Filled from the campaign page', 'Check the title, excerpt, cover image and campaign basics before saving.');
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'CAMPAIGN_FETCHING_OFF') return;
      notifyError('The campaign page could not be read', describeFailure(error, 'Please fill in the title and excerpt yourself.'));
    } finally {
      asking.current = false;
    }
  };
}
