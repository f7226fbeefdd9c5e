import type { ReactNode } from 'react';

/** A list with nothing in it: SPEC.md's empty-state sentence, and where to go instead. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div data-slot="empty" className="rounded-xl border border-dashed border-border bg-card px-6 py-16 text-center">
      <p className="text-muted-foreground">{children}</p>
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
