import type { ContentDraft } from '../../../lib/content-payload.ts';
import { linksMailedOnPublishing, type PostSponsor } from '../../../lib/sponsor-publishing.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../ui/alert-dialog.tsx';

/**
 * Asked before a sponsored post leaves its draft (decision 082): a paid
 * post's sponsor is mailed when it goes live, so staff see to whom and with
 * which links first, and are told when the sponsor never saw a preview.
 */
export function SponsorPublishDialog({
  isOpen,
  draft,
  sponsor,
  onConfirm,
  onCancel,
}: {
  isOpen: boolean;
  draft: ContentDraft;
  sponsor: PostSponsor | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const hasNoPreview = sponsor !== null && !sponsor.hasPreview;
  const verb = draft.stage === 'scheduled' ? 'Schedule' : 'Publish';
  const links = linksMailedOnPublishing(draft, sponsor);
  const recipient = sponsor ? `${sponsor.contactName} (${sponsor.contactEmail})` : 'The sponsor';
  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{hasNoPreview ? `${verb} without a preview?` : `${verb} this sponsored post?`}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-3">
              {hasNoPreview && sponsor ? (
                <p>
                  {sponsor.contactName} has not been sent a preview link of this post
                  {sponsor.isPreviewPromised ? ', though the approval mail promised one before it goes live' : ''}. Send one from
                  the submission&apos;s panel to let them check it first.
                </p>
              ) : null}
              <p>{`When it goes live, ${recipient} gets one mail with:`}</p>
              <ul className="list-disc pl-5">
                {links.map((link) => (
                  <li key={link}>{link}</li>
                ))}
              </ul>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{hasNoPreview ? `${verb} without a preview` : verb}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
