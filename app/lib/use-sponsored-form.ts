import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { FormOutcome } from './form-outcome.ts';
import { prepareToasts, showOutcomeToast } from './toast.ts';

const loadFormCheck = () => import('./sponsored-form-check.ts');

/**
 * The sponsored form posted through a fetcher, progressively enhanced:
 * without JavaScript it is a plain post to the page action (which answers a
 * redirect to the checkout, or the page with the problem); with it, the
 * fields are checked first with the shared schema, one checkout starts per
 * submission however often the button is pressed, and a refusal comes as a
 * toast while the form keeps its values.
 */
export function useSponsoredForm() {
  const fetcher = useFetcher<FormOutcome>({ key: 'sponsored-checkout' });
  const isValidating = useRef(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<string, string>> | null>(null);
  // A page the browser restores from its back-forward cache (the visitor
  // pressed Back on the checkout) comes back as it was left: mid-submission.
  const [isRestoredPage, setIsRestoredPage] = useState(false);
  // A successful post answers a redirect to the checkout page: the fetcher
  // stays busy until the browser has left, so nothing is sent twice.
  const isSubmitting = fetcher.state !== 'idle' && !isRestoredPage;

  useEffect(() => {
    if (fetcher.data) showOutcomeToast(fetcher.data);
  }, [fetcher.data]);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsRestoredPage(true);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting || isValidating.current) return;
    const formElement = event.currentTarget;
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(formElement)) if (typeof value === 'string') values[name] = value;
    isValidating.current = true;
    void loadFormCheck()
      .then(({ checkSponsoredForm }) => {
        const checked = checkSponsoredForm(values, 'browser');
        if (!checked.ok) {
          const errors = checked.outcome.fieldErrors ?? {};
          setClientErrors(errors);
          showOutcomeToast(checked.outcome);
          // Several problems: the form's error summary takes focus instead.
          const invalidFields = Object.keys(errors);
          const field = invalidFields.length === 1 ? formElement.elements.namedItem(invalidFields[0] ?? '') : null;
          if (field instanceof HTMLElement) field.focus();
          return;
        }
        setClientErrors(null);
        setIsRestoredPage(false);
        fetcher.submit(formElement);
      })
      .finally(() => {
        isValidating.current = false;
      });
  };

  return {
    Form: fetcher.Form,
    isSubmitting,
    fieldErrors: clientErrors ?? fetcher.data?.fieldErrors ?? {},
    formProps: {
      method: 'post' as const,
      noValidate: true,
      onFocus: () => {
        prepareToasts();
        void loadFormCheck();
      },
      onSubmit,
    },
  };
}
