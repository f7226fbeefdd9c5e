/**
 * The back office's toasts. Sonner drops toasts raised before its region
 * subscribes, and admin loaders often raise one while redirecting (to
 * /auth, say): those wait here until the region is mounted.
 */
import { useEffect } from 'react';
import { toast } from 'sonner';
import { ERROR_TOAST_DURATION } from '../../lib/toast.ts';
import { Toaster } from '../ui/sonner.tsx';

let isMounted = false;
const pending: (() => void)[] = [];

function show(raise: () => void): void {
  if (isMounted) raise();
  else pending.push(raise);
}

export function notifySuccess(title: string, description?: string): void {
  show(() => toast.success(title, { description }));
}

export function notifyError(title: string, description?: string): void {
  show(() => toast.error(title, { description, duration: ERROR_TOAST_DURATION }));
}

/** The toast region of /auth and /admin; raises what waited for it. */
export function AdminToaster() {
  useEffect(() => {
    isMounted = true;
    for (const raise of pending.splice(0)) raise();
    return () => {
      isMounted = false;
    };
  }, []);
  return <Toaster />;
}
