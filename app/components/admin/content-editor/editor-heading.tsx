import { isDraftLive } from '../../../lib/admin-content.ts';
import type { ContentDraft } from '../../../lib/content-payload.ts';
import { BackLink } from '../back-link.tsx';
import { ViewOnSiteLink } from '../view-on-site-link.tsx';

/** The way back to the list, the editor's title, and where a stored item is. */
export function EditorHeading({ listPath, noun, stored }: { listPath: string; noun: string; stored: ContentDraft | null }) {
  return (
    <>
      <BackLink to={listPath} />
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{stored === null ? `New ${noun}` : `Edit ${noun}`}</h1>
        {stored === null ? null : <StoredState draft={stored} />}
      </div>
    </>
  );
}

/** Where the stored item is: on the site (with its link), scheduled, or a draft to preview. */
function StoredState({ draft }: { draft: ContentDraft }) {
  if (isDraftLive(draft)) {
    return <ViewOnSiteLink slug={draft.slug} className="text-sm" />;
  }
  return (
    <a href="#preview-links-heading" className="text-sm font-medium text-primary underline underline-offset-4">
      {draft.stage === 'scheduled' ? 'Scheduled: share a preview' : 'Draft: share a preview'}
    </a>
  );
}
