import { FilePlus, Inbox, Mail, Megaphone, Newspaper, Users } from 'lucide-react';
import { Link } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader } from '../../components/admin/admin-page.tsx';
import { RecentActivity } from '../../components/admin/recent-activity.tsx';
import { RevenueChart } from '../../components/admin/revenue-chart.tsx';
import { useStaffCan } from '../../components/admin/staff-permissions.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { api } from '../../lib/api-client.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import type { DashboardJson, LaunchItemJson } from '../../../common/answers.ts';
import type { Route } from './+types/dashboard';


export const meta = adminPageMeta('Dashboard');

export function clientLoader() {
  return withAdminSession(() => api.get<DashboardJson>('/admin/dashboard'));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const may = useStaffCan();
  const cards = [
    { title: 'Total Posts', count: loaderData.posts, icon: Newspaper },
    { title: 'Contact Messages', count: loaderData.contact_messages, icon: Mail },
    { title: 'Project Submissions', count: loaderData.sponsored_submissions, icon: Megaphone },
    {
      title: 'Newsletter Subscribers',
      count: loaderData.subscribers,
      icon: Users,
      // Active ones only are counted: those still to confirm their address are said apart.
      note: loaderData.subscribers_pending === undefined ? undefined : `active · ${loaderData.subscribers_pending} pending confirmation`,
    },
  ].filter((card) => card.count !== undefined);
  return (
    <>
      <AdminPageHeader title="Dashboard" />
      {loaderData.launch && loaderData.launch.length > 0 ? <LaunchChecklist items={loaderData.launch} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ title, count, icon: Icon, note }) => (
          <Card key={title}>
            <CardHeader className="flex-row! items-center justify-between">
              <CardTitle className="text-sm! font-medium!">{title}</CardTitle>
              <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold" data-testid={`count-${title}`}>
                {count}
              </p>
              {note ? (
                <p className="mt-1 text-sm text-muted-foreground" data-testid={`note-${title}`}>
                  {note}
                </p>
              ) : null}
            </CardContent>
          </Card>
        ))}
      </div>
      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
          Quick Actions
        </h2>
        <div className="flex flex-wrap gap-3">
          {may('content') ? (
            <Button asChild>
              <Link to="/admin/posts/new">
                <FilePlus aria-hidden="true" />
                Create New Post
              </Link>
            </Button>
          ) : null}
          {may('inbox') ? (
            <>
              <Button asChild variant="outline">
                <Link to="/admin/contacts">
                  <Inbox aria-hidden="true" />
                  View Messages
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/submissions">
                  <Megaphone aria-hidden="true" />
                  Review Submissions
                </Link>
              </Button>
            </>
          ) : null}
        </div>
      </section>
      {loaderData.revenue ? <RevenueChart revenue={loaderData.revenue} /> : null}
      <RecentActivity events={loaderData.activity} />
    </>
  );
}

/** The owner's list of what stands between this install and a public launch; each item goes once it is done (decision 083). */
function LaunchChecklist({ items }: { items: LaunchItemJson[] }) {
  return (
    <section aria-labelledby="launch-checklist" className="mb-8 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950">
      <h2 id="launch-checklist" className="text-lg font-semibold">
        Before you launch
      </h2>
      <p className="mb-3 text-sm">
        {items.length === 1 ? 'One thing still stands' : `${items.length} things still stand`} between this site and a public launch.
      </p>
      <ul className="grid gap-3">
        {items.map((item) => (
          <li key={item.key} data-testid={`launch-${item.key}`} className="grid gap-1 sm:flex sm:items-baseline sm:justify-between sm:gap-4">
            <div>
              <p className="font-medium">{item.title}</p>
              <p className="text-sm">{item.detail}</p>
            </div>
            <Link to={item.fix.href} className="shrink-0 text-sm font-medium underline underline-offset-4">
              {item.fix.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
