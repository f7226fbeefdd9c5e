import type { ReactNode } from 'react';

/** The heading block at the top of a page: its one h1 and an introduction. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-10 max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children ? <div className="mt-3 text-lg text-muted-foreground">{children}</div> : null}
    </header>
  );
}
