import type { ReactNode } from 'react';

/** SPEC.md section 2: both legal texts were last updated on 2025-10-15. */
export const LEGAL_LAST_UPDATED = '2025-10-15';

/** The frame of a legal text: title, last update, sections. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl">
      <header className="mb-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-muted-foreground">
          Last updated: <time dateTime={LEGAL_LAST_UPDATED}>October 15, 2025</time>
        </p>
      </header>
      <div className="markdown">{children}</div>
    </article>
  );
}
