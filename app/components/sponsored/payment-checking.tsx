import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** A payment result page re-checking its session (SPEC.md section 2's loading texts). */
export function PaymentChecking({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-border bg-card p-6">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary" />
      <p>{text}</p>
    </div>
  );
}

/**
 * 'Try again' as a form: without JavaScript it asks for the same page again;
 * with it, `onRetry` re-checks in place.
 */
export function RetryLookupForm({
  action,
  sessionId,
  onRetry,
  children,
}: {
  action: string;
  sessionId: string | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <form
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        onRetry();
      }}
    >
      {sessionId ? <input type="hidden" name="session_id" value={sessionId} /> : null}
      {children}
    </form>
  );
}
