/**
 * The back office's toasts, raised from anywhere (loaders, actions,
 * components). Sonner drops toasts raised before its region subscribes, and
 * admin loaders often raise one while redirecting (to /auth, say): those
 * wait here until the region (components/admin/admin-toast-region.tsx) is mounted.
 */
import { toast } from 'sonner';
import { ERROR_TOAST_DURATION } from './toast.ts';

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

/** Called by the toast region: raises what waited for it; returns its unmount. */
export function toastRegionMounted(): () => void {
  isMounted = true;
  for (const raise of pending.splice(0)) raise();
  return () => {
    isMounted = false;
  };
}
