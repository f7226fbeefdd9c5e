import { useEffect } from 'react';
import { toastRegionMounted } from '../../lib/admin-toasts.ts';
import { Toaster } from '../ui/sonner.tsx';

/** The toast region of /auth and /admin; raises the toasts that waited for it (lib/admin-toasts.ts). */
export function AdminToastRegion() {
  useEffect(toastRegionMounted, []);
  return <Toaster />;
}
