import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import type { FormOutcome } from '../lib/form-outcome.ts';
import { cx } from '../lib/cx.ts';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.tsx';
import { Icon } from './ui/icon.tsx';

/**
 * The lasting answer to a form that went through, in place of the form: a
 * toast fades after a few seconds, and the emptied form left focus nowhere.
 * It takes focus when it appears (and once the page runs, for an answer
 * posted without JavaScript), so keyboard and screen-reader users land on it.
 */
export function SuccessPanel({
  outcome,
  className,
  children,
}: {
  outcome: FormOutcome;
  className?: string;
  /** What comes next: a note, a link to start again. */
  children?: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => {
    panel.current?.focus();
  }, [outcome]);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-slot="success-panel"
      className={cx(
        'scroll-mt-24 rounded-xl border border-primary/30 bg-card p-6 text-left text-card-foreground shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <Alert variant="success" role="status" className="border-0! bg-transparent! p-0! text-base! has-[>svg]:grid-cols-[calc(var(--spacing)*6)_1fr]! [&>svg]:size-6! [&>svg]:translate-y-0!">
        <Icon name="circle-check" />
        <AlertTitle id={titleId} className="text-lg">
          {outcome.title}
        </AlertTitle>
        <AlertDescription className="text-base!">{outcome.description}</AlertDescription>
      </Alert>
      {children ? <div className="mt-4 grid justify-items-start gap-3 pl-9 text-sm text-muted-foreground">{children}</div> : null}
    </section>
  );
}

export interface SummaryField {
  /** The field's name in the form's values. */
  name: string;
  /** The id of the control to go to. */
  id: string;
  /** The field's visible label. */
  label: string;
}

/** "Project name is required" already names its field; "Email must contain an @ symbol" is told where it belongs. */
function summaryLine(field: SummaryField, message: string): string {
  return message.toLowerCase().includes(field.label.toLowerCase()) ? message : `${field.label}: ${message}`;
}

/**
 * The count and the names of a form's invalid fields at its top, each a link
 * to its field: with several problems the first field alone says too little.
 * Shown for two problems or more; it takes focus each time a submission is
 * refused (a new `errors` object), and once the page runs for an answer
 * posted without JavaScript.
 */
export function ErrorSummary({
  errors,
  fields,
  className,
}: {
  errors: Partial<Record<string, string>> | undefined;
  /** The form's fields in their order on the page. */
  fields: readonly SummaryField[];
  className?: string;
}) {
  const summary = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const problems = fields.flatMap((field) => {
    const message = errors?.[field.name];
    return message ? [{ field, message }] : [];
  });
  const isShown = problems.length > 1;
  useEffect(() => {
    if (isShown) summary.current?.focus();
  }, [errors, isShown]);
  if (!isShown) return null;

  // The link moves focus to the control itself, not only the view to it.
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const control = document.getElementById(id);
    if (!control) return;
    event.preventDefault();
    control.focus();
    control.scrollIntoView({ block: 'center' });
  };

  return (
    <div
      ref={summary}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      data-slot="error-summary"
      className={cx(
        'rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-destructive/40',
        className,
      )}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-destructive">
        <Icon name="circle-alert" className="size-4" />
        Please fix {problems.length} fields
      </h2>
      <ul className="mt-2 grid gap-1 pl-6">
        {problems.map(({ field, message }) => (
          <li key={field.name} className="list-disc text-destructive">
            <a
              href={`#${field.id}`}
              onClick={(event) => goTo(event, field.id)}
              className="rounded-sm font-medium underline underline-offset-4 hover:no-underline"
            >
              {summaryLine(field, message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
