import { NEWSLETTER_CONSENT_TEXT } from '../../common/site.ts';
import { valueOf, type FormOutcome } from '../lib/form-outcome.ts';
import { useEnhancedForm } from '../lib/use-enhanced-form.ts';
import { EmailField } from './email-field.tsx';
import { SuccessPanel } from './form-feedback.tsx';
import { FormStatus, HoneypotField } from './form-status.tsx';
import { Button } from './ui/button.tsx';

/** The form's intent, so a page action can tell it from the page's own forms. */
export const NEWSLETTER_INTENT = 'newsletter';

const loadSchema = () => import('../../common/schemas/subscriber.ts').then((module) => module.subscriberSchema);

/**
 * What the signup offers, as its title: a line that says what arrives
 * rather than SPEC.md's stock 'Stay Updated' (decision 096).
 */
export const NEWSLETTER_TITLE = 'New reviews and guides, in your inbox';

/**
 * SPEC.md's newsletter signup, in the page's closing slab. Posts to `action` (a route
 * whose action handles the `newsletter` intent); `outcome` is the answer to
 * a post made without JavaScript, printed in the page.
 */
export function NewsletterSection({ action, outcome }: { action: string; outcome?: FormOutcome | undefined }) {
  const { Form, formProps, fieldErrors, isSubmitting, success } = useEnhancedForm({ fetcherKey: 'newsletter', loadSchema });
  // With JavaScript the fetcher's answer; without it, the page's.
  const subscribed = success ?? (outcome && outcome.status !== 'error' ? outcome : undefined);
  const error = fieldErrors.email ?? outcome?.fieldErrors?.email;
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="slab slab-split">
      <div>
        <h2 id="newsletter-title" className="slab-title">
          {NEWSLETTER_TITLE}
        </h2>
        <p className="slab-text">{NEWSLETTER_CONSENT_TEXT}</p>
      </div>
      <div className="slab-actions">
        {subscribed ? (
          <SuccessPanel outcome={subscribed}>{subscribed.note ? <p>{subscribed.note}</p> : null}</SuccessPanel>
        ) : (
          <>
            <Form {...formProps} action={action} className="relative flex flex-col gap-3 text-left sm:flex-row sm:items-start">
              <input type="hidden" name="intent" value={NEWSLETTER_INTENT} />
              <HoneypotField />
              <EmailField
                id="newsletter-email"
                label={<span className="sr-only">Email address</span>}
                error={error}
                defaultValue={valueOf(outcome, 'email')}
                className="flex-1 [&_[data-slot=field-error]]:rounded [&_[data-slot=field-error]]:bg-card [&_[data-slot=field-error]]:px-2 [&_[data-slot=field-error]]:py-1"
                inputClassName="h-11! border-slab-foreground/60! bg-card! text-foreground"
              />
              <Button type="submit" size="lg" disabled={isSubmitting} className="slab-button h-11">
                {isSubmitting ? 'Subscribing...' : 'Subscribe'}
              </Button>
            </Form>
            {outcome ? (
              <div className="rounded-lg bg-card text-left text-card-foreground">
                <FormStatus outcome={outcome} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
