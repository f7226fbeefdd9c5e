import { Link } from 'react-router';
import type { AuthorChoiceJson, CategoryJson } from '../../../../common/answers.ts';
import type { AdminContentKind, SaveFailure } from '../../../lib/admin-content.ts';
import { isSponsoredDraft, type ContentDraft, type ContentKind } from '../../../lib/content-payload.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CreatorLinkControl } from '../private-link-control.tsx';
import { ContentRevisions } from '../content-revisions.tsx';
import type { CampaignJson } from '../../../../common/campaign.ts';
import { AuthorSettings } from './author-settings.tsx';
import { CampaignRefresh } from './campaign-refresh.tsx';
import { CampaignSettings } from './campaign-settings.tsx';
import { CategorySettings } from './category-settings.tsx';
import { CoverSettings } from './cover-settings.tsx';
import { EditorHeading } from './editor-heading.tsx';
import { PostAudienceNumbers } from './post-audience-numbers.tsx';
import { useStaffCan } from '../staff-permissions.ts';
import { PublishingSettings } from './publishing-settings.tsx';
import { ReviewSettings } from './review-settings.tsx';
import { SponsorPublishDialog } from './sponsor-publish-dialog.tsx';
import { asksBeforePublishing, type PostSponsor } from '../../../lib/sponsor-publishing.ts';
import { TextFields } from './text-fields.tsx';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { useContentForm } from './use-content-form.ts';

/** The editor of a post or resource, new or stored: its text, its settings, its revisions. */
export function ContentEditor({
  kind: contentKind,
  draft: initial,
  version,
  categories,
  authors = [],
  id = null,
  campaign = null,
  creatorLinkUrl,
  campaignRefreshOn = false,
  sponsor = null,
}: {
  kind: AdminContentKind;
  /** What the form starts with. */
  draft: ContentDraft;
  /** The stored version of an edited item; null for a new one. */
  version: number | null;
  categories: CategoryJson[];
  /** Posts: the members of staff the Author picker offers. */
  authors?: AuthorChoiceJson[];
  /** The edited item's id; null for a new one. */
  id?: number | null;
  /** A stored post's campaign as staff see it; null for none. */
  campaign?: CampaignJson | null;
  /** A stored post campaign's creator link (null when none is in use); undefined without a stored campaign. */
  creatorLinkUrl?: string | null | undefined;
  /** Whether reading campaign pages is on (Settings, Campaign pages): "Refresh now" is offered only then. */
  campaignRefreshOn?: boolean;
  /** The sponsor of a post drafted from a sponsored submission, when staff may read it. */
  sponsor?: PostSponsor | null;
}) {
  const { kind, noun, listPath } = contentKind;
  const form = useContentForm({ contentKind, initial, version, asksFirst: (draft) => asksBeforePublishing(initial, draft, sponsor) });
  const { draft, errors, change } = form;
  const fields = { kind, draft, errors, onChange: change };
  const may = useStaffCan();

  return (
    <>
      <EditorHeading listPath={listPath} noun={noun} stored={version === null ? null : initial} />
      {version !== null && id !== null ? (
        <div className="-mt-3 mb-6">
          <ContentRevisions kind={contentKind} id={id} version={version} categories={categories} onRestored={form.restore} />
        </div>
      ) : null}
      {form.failure?.isConflict ? <ConflictAlert kind={kind} failure={form.failure} /> : null}
      {/*
        Wide screens: the text on the left with the buttons under it, the settings beside them. Phones: the text,
        then the settings, then the buttons.
      */}
      <form
        noValidate
        onSubmit={form.save}
        className="grid max-w-6xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[auto_1fr] xl:grid-cols-[minmax(0,1fr)_22rem]"
      >
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <TextFields {...fields} />
        </div>
        <div className="grid min-w-0 gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PublishingSettings {...fields} />
          {kind === 'post' ? <AuthorSettings {...fields} authors={authors} /> : null}
          {kind === 'post' ? (
            <CategorySettings
              kind={kind}
              categories={categories}
              value={draft.category_ids}
              error={errors.category_ids}
              onChange={(category_ids) => change({ category_ids })}
            />
          ) : null}
          <CoverSettings
            kind={kind}
            draft={draft}
            error={errors.cover_image}
            onChange={(cover_image) => change({ cover_image })}
            onUploadingChange={form.setIsUploading}
          />
          {kind === 'post' ? (
            <CampaignSettings
              {...fields}
              refresh={id !== null && campaign !== null ? <CampaignRefresh postId={id} campaign={campaign} fetchingOn={campaignRefreshOn} /> : null}
              creatorLink={
                id !== null && creatorLinkUrl !== undefined ? <CreatorLinkControl postId={id} updateUrl={creatorLinkUrl} problem={campaign?.update_url_problem} /> : null
              }
            />
          ) : null}
          {/* Reviews and payment never mix: a sponsored post has no review to edit (decision 093). */}
          {kind === 'post' && !isSponsoredDraft(draft) ? <ReviewSettings {...fields} /> : null}
          {/* A live post's own numbers: only a stored, published post has a page that counts. */}
          {kind === 'post' && id !== null && initial.stage === 'published' && initial.slug !== '' && may('analytics') ? <PostAudienceNumbers slug={initial.slug} followers={campaign?.followers ?? null} /> : null}
        </div>
        <div className="flex flex-wrap gap-3 lg:col-start-1 lg:row-start-2">
          <Button type="submit" disabled={form.isSaving}>
            {form.isSaving ? 'Saving...' : `Save ${noun}`}
          </Button>
          <Button asChild variant="outline">
            <Link to={listPath}>Cancel</Link>
          </Button>
        </div>
      </form>
      <SponsorPublishDialog
        isOpen={form.confirmation.isOpen}
        draft={draft}
        sponsor={sponsor}
        onConfirm={form.confirmation.confirm}
        onCancel={form.confirmation.cancel}
      />
      <UnsavedChangesGuard kind={kind} isDirty={form.isDirty} isSaving={form.isSaving || form.saved !== null} />
    </>
  );
}

/** A save refused because someone else saved first: the typed text stays. */
function ConflictAlert({ kind, failure }: { kind: ContentKind; failure: SaveFailure }) {
  return (
    <Alert variant="destructive" className="mb-6">
      <AlertTitle>Someone else changed this {kind}</AlertTitle>
      <AlertDescription>{failure.error} Your text is kept below; copy what you need before reloading.</AlertDescription>
    </Alert>
  );
}
