import { Outlet } from 'react-router';
import { AdminToaster } from '../../components/admin/admin-toast.tsx';
import { adminMeta } from '../../components/admin/admin-meta.ts';

/**
 * The frame of /auth and /admin: toasts, and documents that are never
 * indexed nor kept by a shared cache (everything in them is private).
 */
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
}

export const meta = () => adminMeta('Admin Panel');

export default function AdminShell() {
  return (
    <>
      <Outlet />
      <AdminToaster />
    </>
  );
}
