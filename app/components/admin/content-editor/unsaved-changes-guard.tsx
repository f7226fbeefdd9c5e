import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import type { ContentKind } from '../../../lib/content-payload.ts';
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
 * Unsaved changes are not lost by leaving: the browser asks before closing
 * or reloading the page, and the back office asks before going to another
 * page, unless the changes are being saved (the editor leaves by itself then).
 */
export function UnsavedChangesGuard({
  kind,
  isDirty,
  isSaving,
}: {
  kind: ContentKind;
  isDirty: boolean;
  /** From the save's post until the editor has left for the list. */
  isSaving: boolean;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && !isSaving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return (
    <AlertDialog open={blocker.state === 'blocked'}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
          <AlertDialogDescription>Your changes to this {kind} have not been saved and will be lost.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => blocker.reset?.()}>Stay</AlertDialogCancel>
          <AlertDialogAction onClick={() => blocker.proceed?.()}>Leave</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
