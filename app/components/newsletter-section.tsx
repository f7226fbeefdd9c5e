import { NEWSLETTER_CONSENT_TEXT } from '../../common/site.ts';
import { valueOf, type FormOutcome } from '../lib/form-outcome.ts';
import { useEnhancedForm } from '../lib/use-enhanced-form.ts';
import { EmailField } from './email-field.tsx';
import { SuccessPanel } from './form-feedback.tsx';
import { FormStatus, HoneypotField } from './form-status.tsx';
import { Button } from './ui/button.tsx';
import { Icon } from './ui/icon.tsx';

/** The form's intent, so a page action can tell it from the page's own forms. */
export const NEWSLETTER_INTENT = 'newsletter';

const loadSchema = () => import('../../common/schemas/subscriber.ts').then((module) => module.subscriberSchema);

/**
 * SPEC.md's newsletter signup, 'Stay Updated'. Posts to `action` (a route
 * whose action handles the `newsletter` intent); `outcome` is the answer to
 * a post made without JavaScript, printed in the page.
 */
export function NewsletterSection({ action, outcome }: { action: string; outcome?: FormOutcome | undefined }) {
  const { Form, formProps, fieldErrors, isSubmitting, success } = useEnhancedForm({ fetcherKey: 'newsletter', loadSchema });
  // With JavaScript the fetcher's answer; without it, the page's.
  const subscribed = success ?? (outcome && outcome.status !== 'error' ? outcome : undefined);
  const error = fieldErrors.email ?? outcome?.fieldErrors?.email;
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-title"
      className="mt-12 scroll-mt-24 rounded-2xl bg-primary px-6 py-12 text-primary-foreground sm:px-12"
    >
      <div className="mx-auto max-w-2xl text-center">
        <Icon name="mail" className="mx-auto size-10" />
        <h2 id="newsletter-title" className="mt-4 text-3xl font-bold tracking-tight">
          Stay Updated
        </h2>
        <p className="mt-3 text-primary-foreground">{NEWSLETTER_CONSENT_TEXT}</p>
        {subscribed ? (
          <SuccessPanel outcome={subscribed} className="mx-auto mt-8 max-w-lg">
            {subscribed.note ? <p>{subscribed.note}</p> : null}
          </SuccessPanel>
        ) : (
          <>
            <Form
              {...formProps}
              action={action}
              className="relative mx-auto mt-8 flex max-w-lg flex-col gap-3 text-left sm:flex-row sm:items-start"
            >
              <input type="hidden" name="intent" value={NEWSLETTER_INTENT} />
              <HoneypotField />
              <EmailField
                id="newsletter-email"
                label={<span className="sr-only">Email address</span>}
                error={error}
                defaultValue={valueOf(outcome, 'email')}
                className="flex-1 [&_[data-slot=field-error]]:rounded [&_[data-slot=field-error]]:bg-card [&_[data-slot=field-error]]:px-2 [&_[data-slot=field-error]]:py-1"
                inputClassName="h-11! border-white/60! bg-card! text-foreground"
              />
              <Button type="submit" size="lg" variant="secondary" disabled={isSubmitting} className="h-11">
                {isSubmitting ? 'Subscribing...' : 'Subscribe'}
              </Button>
            </Form>
            {outcome ? (
              <div className="mx-auto mt-6 max-w-lg rounded-lg bg-card text-left">
                <FormStatus outcome={outcome} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
