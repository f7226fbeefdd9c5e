import type { ReactNode } from 'react';

/** A list with nothing in it: SPEC.md's empty-state sentence. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div data-slot="empty" className="rounded-xl border border-dashed border-border bg-card px-6 py-16 text-center">
      <p className="text-muted-foreground">{children}</p>
    </div>
  );
}
