import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { ZodType } from 'zod';
import { invalidFormOutcome, type FormOutcome } from './form-outcome.ts';
import { prepareToasts, showOutcomeToast } from './toast.ts';

/**
 * A public form posted through a fetcher, progressively enhanced: without
 * JavaScript it is a plain form post to the route action; with it, the
 * fields are checked first with the server's own schema (fetched when the
 * form is first focused, so zod never weighs on the first page load), only
 * one submission runs at a time; a refusal comes as a toast, a success in
 * the form's panel.
 */
export function useEnhancedForm({
  fetcherKey,
  loadSchema,
}: {
  fetcherKey: string;
  /** The shared zod schema of the payload (common/schemas), imported on demand. */
  loadSchema: () => Promise<ZodType>;
}) {
  const fetcher = useFetcher<FormOutcome>({ key: fetcherKey });
  const form = useRef<HTMLFormElement>(null);
  const isValidating = useRef(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<string, string>> | null>(null);
  const isSubmitting = fetcher.state !== 'idle';
  // The answer the visitor put away to use the form again ("Send another message").
  const [dismissed, setDismissed] = useState<FormOutcome | undefined>(undefined);

  // The server's answer, once the submission has settled: a refusal as a
  // toast (an outside system), beside the fields it names; a success only in
  // the form's own panel (`success`), said once and in place rather than
  // twice, and it clears the form. Keyed on the state too, and remembered,
  // so each answer is shown exactly once.
  const handled = useRef<FormOutcome | undefined>(undefined);
  useEffect(() => {
    const outcome = fetcher.data;
    if (fetcher.state !== 'idle' || !outcome || handled.current === outcome) return;
    handled.current = outcome;
    if (outcome.status === 'error') showOutcomeToast(outcome);
    else form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A double click or a second Enter sends nothing more.
    if (isSubmitting || isValidating.current) return;
    const formElement = event.currentTarget;
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(formElement)) if (typeof value === 'string') values[name] = value;
    isValidating.current = true;
    void loadSchema()
      .then((schema) => {
        const parsed = schema.safeParse(values);
        if (!parsed.success) {
          const invalid = invalidFormOutcome(parsed.error);
          setClientErrors(invalid.fieldErrors ?? {});
          showOutcomeToast(invalid);
          // Several problems: the form's error summary takes focus instead.
          const invalidFields = Object.keys(invalid.fieldErrors ?? {});
          const field = invalidFields.length === 1 ? formElement.elements.namedItem(invalidFields[0] ?? '') : null;
          if (field instanceof HTMLElement) field.focus();
          return;
        }
        setClientErrors(null);
        fetcher.submit(formElement);
      })
      .finally(() => {
        isValidating.current = false;
      });
  };

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  return {
    Form: fetcher.Form,
    isSubmitting,
    /** The server's last answer, once settled. */
    answer,
    /** The last answer when it went through, for the form's lasting success panel. */
    success: answer && answer.status !== 'error' && answer !== dismissed ? answer : undefined,
    /** Puts the success panel away, to show the form again. */
    dismissSuccess: () => setDismissed(answer),
    fieldErrors: clientErrors ?? fetcher.data?.fieldErrors ?? {},
    formProps: {
      ref: form,
      method: 'post' as const,
      noValidate: true,
      onFocus: () => {
        prepareToasts();
        void loadSchema();
      },
      onSubmit,
    },
  };
}
