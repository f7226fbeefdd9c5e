import { FileText, Inbox, Mail, Megaphone, Newspaper, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardActivityJson } from '../../../common/answers.ts';
import { formatDateTime } from '../../lib/dates.ts';

/** A list searched for the event's label, on the event's tab when it has one. */
function listLink(path: string, tabParam: string, event: DashboardActivityJson): string {
  const params = new URLSearchParams();
  if (event.tab) params.set(tabParam, event.tab);
  params.set('q', event.label);
  return `${path}?${params.toString()}`;
}

/** What each kind of event says, where it leads, and its icon. */
function describe(event: DashboardActivityJson): { text: string; to: string; icon: LucideIcon } {
  switch (event.kind) {
    case 'post':
      return { text: `Post ${event.created ? 'created' : 'updated'}: ${event.label}`, to: `/admin/posts/${event.id}`, icon: Newspaper };
    case 'resource':
      return { text: `Resource ${event.created ? 'created' : 'updated'}: ${event.label}`, to: `/admin/resources/${event.id}`, icon: FileText };
    // The list opens on the tab the record is in (`?status=`, `?view=`), not its default one, or the search misses it.
    case 'contact_message':
      return { text: `Message from ${event.label}`, to: listLink('/admin/contacts', 'status', event), icon: Inbox };
    case 'sponsored_payment':
      return { text: `Sponsored post paid: ${event.label}`, to: listLink('/admin/submissions', 'view', event), icon: Megaphone };
    case 'subscriber':
      return { text: `New subscriber: ${event.label}`, to: `/admin/newsletter?q=${encodeURIComponent(event.label)}`, icon: Mail };
  }
}

/** The dashboard's latest events, newest first: only those of areas the role reaches (the server leaves out the rest). */
export function RecentActivity({ events }: { events: DashboardActivityJson[] }) {
  return (
    <section aria-labelledby="recent-activity" className="mt-8">
      <h2 id="recent-activity" className="mb-3 text-lg font-semibold">
        Recent activity
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ol className="divide-y divide-border rounded-lg border border-border bg-card" data-testid="recent-activity">
          {events.map((event) => {
            const { text, to, icon: Icon } = describe(event);
            return (
              <li key={`${event.kind}-${event.id}-${event.at}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <Link to={to} className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere] hover:underline">
                  {text}
                </Link>
                <time dateTime={new Date(event.at * 1000).toISOString()} className="text-xs text-muted-foreground">
                  {formatDateTime(event.at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
