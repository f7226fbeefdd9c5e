import { ChartColumn, FileText, Globe, Inbox, LayoutDashboard, LogOut, Mail, MailOpen, Menu, Megaphone, Newspaper, ScrollText, Send, Settings, UserCog, UserRound, Webhook, X, type LucideIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { isRouteErrorResponse, NavLink, Outlet, redirect, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import { notifyError } from '../../lib/admin-toasts.ts';
import { PaymentModeBanner } from '../../components/admin/payment-mode-banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { requireAdmin, withAdminSession } from '../../lib/admin-session.ts';
import type { DemoContentJson, PaymentModeJson, StaffMeJson } from '../../../common/answers.ts';
import { DemoContentBanner } from '../../components/admin/demo-content-banner.tsx';
import { STAFF_ROLE_LABELS, type Permission } from '../../../common/staff-roles.ts';
import { cn } from '../../lib/cn.ts';
import { useBackOfficeSiteName } from '../../components/admin/admin-meta.ts';
import type { Route } from './+types/layout';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireAdmin();
  const [me, paymentMode, demo] = await Promise.all([
    withAdminSession(() => api.get<StaffMeJson>('/admin/me')),
    // Only for the banner: the back office still works when this fails.
    api
      .get<{ mode: PaymentModeJson }>('/admin/dashboard/payments')
      .then((answer) => answer.mode)
      .catch(() => null),
    // The demo banner and badges (decision 053); likewise optional.
    api.get<DemoContentJson>('/admin/demo-content').catch(() => null),
  ]);
  // The owner requires two-factor sign-in: the account page is the one place it can be set up.
  if (me.totp_required && !me.totp_enabled && new URL(request.url).pathname !== '/admin/account') {
    notifyError('Two-factor authentication required', "The site's owner requires two-factor sign-in. Set it up on your account page.");
    throw redirect('/admin/account');
  }
  return { email: me.email || (api.userEmail() ?? ''), me, paymentMode, demo };
}
clientLoader.hydrate = true as const;

// The admin check runs when the area is entered, not on every page of it;
// a change of one's own details reloads the sidebar's name and address.
export function shouldRevalidate({ formData }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'profile';
}

// Each section shows only to roles the server lets use it (common/staff-roles.ts).
const SECTIONS: readonly Section[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true, permission: 'dashboard' },
  { to: '/admin/posts', label: 'Posts', icon: Newspaper, end: false, permission: 'content' },
  { to: '/admin/resources', label: 'Resources', icon: FileText, end: false, permission: 'content' },
  { to: '/admin/contacts', label: 'Contact Messages', icon: Inbox, end: false, permission: 'inbox' },
  { to: '/admin/submissions', label: 'Sponsored Posts', icon: Megaphone, end: false, permission: 'inbox' },
  { to: '/admin/newsletter', label: 'Newsletter', icon: Mail, end: true, permission: 'newsletter' },
  { to: '/admin/newsletter/issues', label: 'Newsletter Issues', icon: Send, end: false, permission: 'newsletter' },
  { to: '/admin/analytics', label: 'Audience numbers', icon: ChartColumn, end: false, permission: 'analytics' },
  { to: '/admin/audit-log', label: 'Audit Log', icon: ScrollText, end: false, permission: 'audit' },
  { to: '/admin/staff', label: 'Staff', icon: UserCog, end: true, permission: 'staff' },
  // Every mail the site kept or sent, links included: the owner's.
  { to: '/admin/outbox', label: 'Outbox', icon: MailOpen, end: false, permission: 'outbox' },
  // Site settings for owners and administrators; its Security section is the owner's alone.
  { to: '/admin/settings', label: 'Settings', icon: Settings, end: true, permission: 'site_settings' },
  // Signed webhooks to other systems: the owner's.
  { to: '/admin/settings/webhooks', label: 'Webhooks', icon: Webhook, end: true, permission: 'settings' },
  { to: '/admin/account', label: 'Account', icon: UserRound, end: true, permission: null },
];

interface Section {
  to: string;
  label: string;
  icon: LucideIcon;
  end: boolean;
  /** Null: every member of staff. */
  permission: Permission | null;
}

export function HydrateFallback() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <Spinner />
    </main>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // SPEC.md's 'Admin Panel' is the site's own name (decision 052).
  const siteName = useBackOfficeSiteName();
  // The mobile menu closes once a section is chosen.
  if (isMenuOpen && menuPath !== null && menuPath !== location.pathname) {
    setIsMenuOpen(false);
    setMenuPath(null);
  }

  // Escape from the button or from inside the open menu closes it and hands the focus back to the button.
  const closeMenuOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isMenuOpen) return;
    event.preventDefault();
    setIsMenuOpen(false);
    menuButton.current?.focus();
  };

  const signOut = async () => {
    await api.logout();
    await navigate('/');
  };

  return (
    <div className="min-h-screen bg-muted md:flex">
      <header
        className="flex items-center justify-between border-b border-border bg-background px-4 py-3 md:hidden"
        onKeyDown={closeMenuOnEscape}
      >
        <span className="truncate font-semibold">{siteName}</span>
        <ViewSiteLink className="ml-auto mr-2" />
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          aria-expanded={isMenuOpen}
          aria-controls="admin-sidebar"
          onClick={() => {
            setIsMenuOpen(!isMenuOpen);
            setMenuPath(location.pathname);
          }}
        >
          {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          <span className="sr-only">{isMenuOpen ? 'Close menu' : 'Open menu'}</span>
        </Button>
      </header>
      <aside
        id="admin-sidebar"
        onKeyDown={closeMenuOnEscape}
        className={cn(
          'w-full shrink-0 flex-col border-r border-border bg-background md:sticky md:top-0 md:flex md:h-screen md:w-64 md:overflow-y-auto',
          isMenuOpen ? 'flex' : 'hidden',
        )}
      >
        <div className="hidden px-6 py-5 text-lg font-semibold md:block">{siteName}</div>
        <nav aria-label="Admin" className="flex-1 px-3 py-2">
          <ul className="grid gap-1">
            {SECTIONS.filter(({ permission }) => permission === null || loaderData.me.permissions.includes(permission)).map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent',
                      isActive ? 'bg-accent text-accent-foreground' : 'text-foreground',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-border px-6 py-4">
          <ViewSiteLink className="mb-3 hidden md:flex" />
          <p className="truncate text-sm font-medium">{loaderData.email}</p>
          <p className="text-xs text-muted-foreground">{STAFF_ROLE_LABELS[loaderData.me.role]}</p>
          <Button variant="outline" size="sm" className="mt-3 w-full" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </aside>
      <main className="min-w-0 flex-1 px-4 py-6 sm:px-8">
        <PaymentModeBanner mode={loaderData.paymentMode} />
        <DemoContentBanner demo={loaderData.demo} isOwner={loaderData.me.role === 'owner'} />
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Back to the public site, in the same tab. A document load rather than a
 * client-side one: the public pages are rendered on the server with their
 * own layout and caching.
 */
function ViewSiteLink({ className }: { className?: string }) {
  return (
    <a
      href="/"
      className={cn('flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline', className)}
    >
      <Globe aria-hidden="true" className="size-4" />
      View the site
    </a>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string'
      ? error.data
      : `${error.status} ${error.statusText}`
    : errorMessage(error);
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      <NavLink to="/admin" className="text-primary underline">
        Back to the dashboard
      </NavLink>
    </main>
  );
}
