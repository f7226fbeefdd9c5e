/**
 * The editor's revisions of a post or resource: a dialog listing the kept
 * versions (when each was replaced, by whom), the changes from a chosen one
 * to the current version, and restoring it (a new save, so nothing is lost).
 */
import { History } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CategoryJson, ContentRevisionJson, ContentRevisionSummaryJson } from '../../../common/answers.ts';
import type { AdminContentKind } from '../../lib/admin-content.ts';
import {
  diffRevisionFields,
  fetchCurrentItem,
  fetchRevision,
  listRevisions,
  restoreRevision,
  revisionFieldsOfItem,
  type AdminItem,
  type DiffPart,
  type FieldDiff,
} from '../../lib/admin-revisions.ts';
import { describeFailure } from '../../lib/admin-session.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { formatDateTime } from '../../lib/dates.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../ui/alert-dialog.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';

interface RevisionsProps {
  kind: AdminContentKind;
  id: number;
  /** The version the editor holds: a restore is refused when the item changed since. */
  version: number;
  categories: CategoryJson[];
  /** The item as the restore saved it. */
  onRestored: (item: AdminItem) => void;
}

/** The "Revisions" button and its dialog. */
export function ContentRevisions(props: RevisionsProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <History aria-hidden="true" />
          Revisions
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Revisions</DialogTitle>
          <DialogDescription>
            Each save keeps the version it replaced (the newest 50). Choose one to see what changed since, and restore it if you
            need it back: the current version is kept too.
          </DialogDescription>
        </DialogHeader>
        <RevisionBrowser
          {...props}
          onRestored={(item) => {
            setOpen(false);
            props.onRestored(item);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

type Comparison =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; revision: ContentRevisionJson; current: AdminItem; diffs: FieldDiff[] };

function RevisionBrowser({ kind, id, version, categories, onRestored }: RevisionsProps) {
  const timeZone = useSiteTimeZone();
  const [revisions, setRevisions] = useState<ContentRevisionSummaryJson[] | null>(null);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [isRestoring, setIsRestoring] = useState(false);
  const [restoreFailure, setRestoreFailure] = useState<string | null>(null);
  // Only the answer to the latest choice is shown.
  const latestChoice = useRef(0);

  useEffect(() => {
    let isLive = true;
    listRevisions(kind, id).then(
      (found) => isLive && setRevisions(found),
      (error: unknown) => isLive && setListFailure(describeFailure(error, 'Failed to load the revisions')),
    );
    return () => {
      isLive = false;
    };
  }, [kind, id]);

  async function choose(revisionId: number) {
    const choice = ++latestChoice.current;
    setSelected(revisionId);
    setRestoreFailure(null);
    setComparison({ state: 'loading' });
    try {
      const [revision, current] = await Promise.all([fetchRevision(kind, id, revisionId), fetchCurrentItem(kind, id)]);
      const diffs = await diffRevisionFields(revision.fields, revisionFieldsOfItem(kind, current), categories, timeZone);
      if (choice === latestChoice.current) setComparison({ state: 'ready', revision, current, diffs });
    } catch (error) {
      if (choice === latestChoice.current) {
        setComparison({ state: 'failed', message: describeFailure(error, 'Failed to load this revision') });
      }
    }
  }

  async function restore(revision: ContentRevisionJson) {
    setIsRestoring(true);
    setRestoreFailure(null);
    try {
      const item = await restoreRevision(kind, id, revision.id, version);
      notifySuccess(`Version ${revision.version} restored`, `Saved as version ${item.version}.`);
      onRestored(item);
    } catch (error) {
      const message = describeFailure(error, 'Failed to restore this version');
      setRestoreFailure(message);
      notifyError('Failed to restore this version', message);
    } finally {
      setIsRestoring(false);
    }
  }

  if (listFailure) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The revisions could not be loaded</AlertTitle>
        <AlertDescription>{listFailure}</AlertDescription>
      </Alert>
    );
  }
  if (revisions === null) return <Spinner label="Loading the revisions" />;
  if (revisions.length === 0) {
    return <p className="text-sm text-muted-foreground">No earlier versions yet: the first one is kept at the next save.</p>;
  }

  return (
    <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label="Kept versions">
        <ul className="grid gap-2">
          {revisions.map((revision) => (
            <li key={revision.id}>
              <Button
                type="button"
                variant={revision.id === selected ? 'secondary' : 'ghost'}
                aria-pressed={revision.id === selected}
                className="h-auto! w-full flex-col items-start! gap-0.5! whitespace-normal! px-3! py-2 text-left"
                onClick={() => void choose(revision.id)}
              >
                <span className="font-semibold">Version {revision.version}</span>
                <span className="text-xs text-muted-foreground">
                  Replaced {formatDateTime(revision.saved_at)} by {revision.saved_by_email ?? 'a removed account'}
                </span>
                <span className="line-clamp-2 text-xs">
                  {revision.title} ({revision.status === 'published' ? 'Published' : 'Draft'})
                </span>
              </Button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        {comparison === null ? (
          <p className="text-sm text-muted-foreground">Choose a version to compare it with the current one.</p>
        ) : comparison.state === 'loading' ? (
          <Spinner label="Loading the revision" />
        ) : comparison.state === 'failed' ? (
          <Alert variant="destructive">
            <AlertTitle>This revision could not be loaded</AlertTitle>
            <AlertDescription>{comparison.message}</AlertDescription>
          </Alert>
        ) : (
          <RevisionComparison
            {...comparison}
            isRestoring={isRestoring}
            failure={restoreFailure}
            onRestore={() => void restore(comparison.revision)}
          />
        )}
      </div>
    </div>
  );
}

function RevisionComparison({
  revision,
  current,
  diffs,
  isRestoring,
  failure,
  onRestore,
}: {
  revision: ContentRevisionJson;
  current: AdminItem;
  diffs: FieldDiff[];
  isRestoring: boolean;
  failure: string | null;
  onRestore: () => void;
}) {
  const headingId = `revision-${revision.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          Version {revision.version} compared with the current version ({current.version})
        </h3>
        <p className="text-sm text-muted-foreground">
          Struck-through text is only in version {revision.version}; underlined text is only in the current version.
        </p>
      </div>
      {diffs.length === 0 ? (
        <p className="text-sm">No differences: version {revision.version} is the same as the current version.</p>
      ) : (
        <dl className="grid gap-4">
          {diffs.map((diff) => (
            <div key={diff.field} className="grid gap-1">
              <dt className="text-sm font-medium">{diff.label}</dt>
              <dd className="whitespace-pre-wrap break-words rounded-md border border-border p-3 text-sm">
                {diff.parts.map((part, index) => (
                  <DiffText key={index} part={part} isContent={diff.field === 'content'} />
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {failure ? (
        <Alert variant="destructive">
          <AlertTitle>Version {revision.version} was not restored</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <div>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button type="button" disabled={isRestoring}>
              {isRestoring ? 'Restoring...' : 'Restore this version'}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Restore version {revision.version}?</AlertDialogTitle>
              <AlertDialogDescription>
                Its content is saved as the new current version; the current version ({current.version}) is kept in the revisions.
                Changes not yet saved in the form are lost.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={onRestore}>Restore</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </section>
  );
}

// Long unchanged stretches of the content show their first and last lines only.
const KEPT_CONTEXT_LINES = 2;

function DiffText({ part, isContent }: { part: DiffPart; isContent: boolean }) {
  if (part.change === 'removed') {
    return (
      <del className="bg-red-50 text-red-900 line-through decoration-2">
        <span className="sr-only">[only in the older version: </span>
        {part.text}
        <span className="sr-only">]</span>
      </del>
    );
  }
  if (part.change === 'added') {
    return (
      <ins className="bg-green-50 text-green-900 underline decoration-2">
        <span className="sr-only">[only in the current version: </span>
        {part.text}
        <span className="sr-only">]</span>
      </ins>
    );
  }
  const lines = part.text.split('\n');
  if (!isContent || lines.length <= KEPT_CONTEXT_LINES * 2 + 2) return <span>{part.text}</span>;
  const hidden = lines.length - KEPT_CONTEXT_LINES * 2 - 1;
  return (
    <span>
      {lines.slice(0, KEPT_CONTEXT_LINES).join('\n')}
      {'\n'}
      <span className="block py-1 text-xs italic text-muted-foreground">… {hidden} unchanged lines …</span>
      {lines.slice(-KEPT_CONTEXT_LINES - 1).join('\n')}
    </span>
  );
}
