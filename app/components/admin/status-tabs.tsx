import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { tabLabel } from './admin-page.tsx';

/**
 * A list's status tabs (`?status=`, or the search parameter given), each
 * labelled with its count; on a narrow screen they wrap. Changing tab starts
 * again at the first page: the next token belongs to the old one.
 */
export function StatusTabs<Status extends string>({
  status,
  labels,
  counts,
  param = 'status',
  children,
}: {
  status: Status;
  /** Tab labels in display order. */
  labels: Record<Status, string>;
  counts: Record<Status, number>;
  /** The search parameter that names the tab. */
  param?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Tabs
      value={status}
      onValueChange={(value) => {
        const next = new URLSearchParams(params);
        next.set(param, value);
        next.delete('next_token');
        void navigate(`?${next.toString()}`);
      }}
    >
      <TabsList className="h-auto max-w-full flex-wrap justify-start [&>button]:h-8">
        {(Object.keys(labels) as Status[]).map((value) => (
          <TabsTrigger key={value} value={value}>
            {tabLabel(labels[value], counts[value])}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={status}>{children}</TabsContent>
    </Tabs>
  );
}
