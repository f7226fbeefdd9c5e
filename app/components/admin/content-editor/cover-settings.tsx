import { TriangleAlert } from 'lucide-react';
import type { ContentDraft, ContentKind } from '../../../lib/content-payload.ts';
import { ImageUploader } from '../image-uploader/image-uploader.tsx';
import { contentFieldId } from './draft-fields.ts';
import { SettingsSection } from './settings-section.tsx';

/** The cover image, with a warning when a public item has none. */
export function CoverSettings({
  kind,
  draft,
  error,
  onChange,
  onUploadingChange,
}: {
  kind: ContentKind;
  draft: Pick<ContentDraft, 'stage' | 'cover_image'>;
  error: string | undefined;
  onChange: (url: string | null) => void;
  onUploadingChange: (isUploading: boolean) => void;
}) {
  return (
    <SettingsSection title="Cover">
      <ImageUploader
        id={contentFieldId(kind, 'cover_image')}
        label={kind === 'post' ? 'Cover image' : 'Featured image'}
        value={draft.cover_image}
        error={error}
        onChange={onChange}
        onUploadingChange={onUploadingChange}
      />
      {/* Always in the page, so screen readers announce the warning when it appears. */}
      <div role="status" className="empty:hidden">
        {draft.stage !== 'draft' && !draft.cover_image ? (
          <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            No cover image: the site will show a generated picture in the category's colours.
          </p>
        ) : null}
      </div>
    </SettingsSection>
  );
}
