import type { ReactNode } from 'react';

/** The heading block at the top of a page: its one h1 and an introduction. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-10 max-w-3xl">
      <h1 className="page-title">{title}</h1>
      {children ? <div className="lead mt-3">{children}</div> : null}
    </header>
  );
}
