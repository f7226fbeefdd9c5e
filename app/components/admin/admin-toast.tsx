import { useEffect } from 'react';
import { toastRegionMounted } from '../../lib/admin-toast.ts';
import { Toaster } from '../ui/sonner.tsx';

/** The toast region of /auth and /admin; raises the toasts that waited for it (lib/admin-toast.ts). */
export function AdminToaster() {
  useEffect(toastRegionMounted, []);
  return <Toaster />;
}
