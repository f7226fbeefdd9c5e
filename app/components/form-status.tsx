import { useId } from 'react';
import { HONEYPOT_FIELD } from '../../common/honeypot.ts';
import type { FormOutcome } from '../lib/form-outcome.ts';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.tsx';

/**
 * The outcome printed in the page, for a form posted without JavaScript
 * (with JavaScript the same texts come as a toast).
 */
export function FormStatus({ outcome, id }: { outcome: FormOutcome | undefined; id?: string }) {
  if (!outcome) return null;
  return (
    <Alert id={id} variant={outcome.status === 'error' ? 'destructive' : 'success'} role={outcome.status === 'error' ? 'alert' : 'status'}>
      <AlertTitle>{outcome.title}</AlertTitle>
      <AlertDescription>{outcome.description}</AlertDescription>
    </Alert>
  );
}

/**
 * The field bots fill in and people never see (nor hear: it is hidden from
 * assistive technology and out of the tab order).
 */
export function HoneypotField() {
  const id = useId();
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
