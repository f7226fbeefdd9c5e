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
      {/* Every back-office page loads its data in the browser: without scripts it would show its spinner forever. */}
      <noscript>
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-background p-6">
          <div role="alert" className="max-w-md rounded-lg border border-border bg-card p-6 text-center shadow-sm">
            <p className="text-lg font-semibold">The back office needs JavaScript.</p>
            <p className="mt-2 text-muted-foreground">Turn JavaScript on for this site in your browser, then reload the page.</p>
            <a href="/" className="mt-4 inline-block text-primary underline underline-offset-4">
              Back to the site
            </a>
          </div>
        </div>
      </noscript>
      <Outlet />
      <AdminToaster />
    </>
  );
}
