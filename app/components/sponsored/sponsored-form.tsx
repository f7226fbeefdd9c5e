import { Info } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { valueOf, type FormOutcome } from '../../lib/form-outcome.ts';
import type { SponsoredFormValues } from '../../lib/sponsored-form-check.ts';
import { sponsoredFormStateOf, type SponsoredPrefill } from '../../lib/sponsored-prefill.ts';
import { useSponsoredForm } from '../../lib/use-sponsored-form.ts';
import { EmailField } from '../email-field.tsx';
import { ErrorSummary, type SummaryField } from '../form-feedback.tsx';
import { FormStatus, HoneypotField } from '../form-status.tsx';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { Field, FieldError } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Textarea } from '../ui/textarea.tsx';

/** A refused post without JavaScript: the outcome and the values to keep. */
export type SponsoredActionData = FormOutcome & { values?: Partial<SponsoredFormValues & { terms_accepted: string }> };

const noSubscription = () => () => {};

const FIELDS: readonly SummaryField[] = [
  { name: 'project_name', id: 'sponsored-project-name', label: 'Project name' },
  { name: 'project_url', id: 'sponsored-project-url', label: 'Project URL' },
  { name: 'contact_name', id: 'sponsored-contact-name', label: 'Contact name' },
  { name: 'contact_email', id: 'sponsored-contact-email', label: 'Contact email' },
  { name: 'description', id: 'sponsored-description', label: 'Description' },
  { name: 'press_kit_url', id: 'sponsored-press-kit-url', label: 'Press kit URL' },
  { name: 'campaign_goal', id: 'sponsored-campaign-goal', label: 'Campaign goal' },
  { name: 'campaign_currency', id: 'sponsored-campaign-currency', label: 'Campaign currency' },
  { name: 'campaign_ends_at', id: 'sponsored-campaign-ends-at', label: 'Campaign end date' },
  { name: 'terms_accepted', id: 'sponsored-terms', label: 'Terms of Service' },
];

/**
 * True once the page runs in the browser. Navigation state lives in the
 * browser's history only; reading it during hydration would make the first
 * render differ from the server's HTML.
 */
function useIsHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** SPEC.md sections 3 and 5: the sponsored submission form, then the checkout. */
export function SponsoredForm({ actionData, priceLabel }: { actionData: SponsoredActionData | undefined; priceLabel: string }) {
  const location = useLocation();
  const isHydrated = useIsHydrated();
  const refill = isHydrated ? sponsoredFormStateOf(location.state) : null;
  const { Form, formProps, fieldErrors, isSubmitting } = useSponsoredForm();
  const errorOf = (field: string) => fieldErrors[field] ?? actionData?.fieldErrors?.[field];
  const initialValue = (field: keyof SponsoredPrefill) => valueOf(actionData, field) ?? refill?.prefill?.[field] ?? '';
  const keptValue = (field: string) => valueOf(actionData, field) ?? '';
  const termsError = errorOf('terms_accepted');
  const shownErrors = Object.keys(fieldErrors).length > 0 ? fieldErrors : actionData?.fieldErrors;

  return (
    <>
      {refill ? (
        <Alert role="status" className="mb-6">
          <Info aria-hidden="true" />
          <AlertTitle>Payment not completed</AlertTitle>
          <AlertDescription>
            Your checkout was cancelled and nothing was charged. Your details are filled in below: review them and
            submit again when you are ready.
          </AlertDescription>
        </Alert>
      ) : null}
      {/* Several problems are listed by the summary instead. */}
      {actionData && Object.keys(actionData.fieldErrors ?? {}).length < 2 ? (
        <div className="mb-6">
          <FormStatus outcome={actionData} />
        </div>
      ) : null}
      <ErrorSummary errors={shownErrors} fields={FIELDS} className="mb-6" />
      {/* A new key remounts the fields, so a refill arriving after hydration shows. */}
      <Form {...formProps} key={refill ? `refill-${location.key}` : 'blank'} className="relative grid gap-5" aria-label="Sponsored post submission">
        <HoneypotField />
        <input type="hidden" name="budget_range" value="" />
        <Field id="sponsored-project-name" label="Project name" error={errorOf('project_name')}>
          {(control) => <Input {...control} name="project_name" required maxLength={200} defaultValue={initialValue('project_name')} />}
        </Field>
        <Field id="sponsored-project-url" label="Project URL" error={errorOf('project_url')} hint="Your Kickstarter, Indiegogo or campaign page.">
          {(control) => (
            <Input
              {...control}
              name="project_url"
              type="url"
              required
              inputMode="url"
              placeholder="https://www.kickstarter.com/projects/…"
              defaultValue={initialValue('project_url')}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="sponsored-contact-name" label="Contact name" error={errorOf('contact_name')}>
            {(control) => (
              <Input {...control} name="contact_name" required autoComplete="name" maxLength={200} defaultValue={initialValue('contact_name')} />
            )}
          </Field>
          <EmailField
            id="sponsored-contact-email"
            label="Contact email"
            name="contact_email"
            error={errorOf('contact_email')}
            defaultValue={initialValue('contact_email')}
            required
          />
        </div>
        <Field id="sponsored-description" label="Description (optional)" error={errorOf('description')}>
          {(control) => (
            <Textarea
              {...control}
              name="description"
              rows={5}
              maxLength={5000}
              placeholder="What makes your project special?"
              defaultValue={initialValue('description')}
            />
          )}
        </Field>
        <Field id="sponsored-press-kit-url" label="Press kit URL (optional)" error={errorOf('press_kit_url')}>
          {(control) => (
            <Input {...control} name="press_kit_url" type="url" inputMode="url" placeholder="https://" defaultValue={initialValue('press_kit_url')} />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-3">
          <Field
            id="sponsored-campaign-goal"
            label="Campaign goal (optional)"
            error={errorOf('campaign_goal')}
            hint="In the campaign's currency, such as 20000."
          >
            {(control) => <Input {...control} name="campaign_goal" inputMode="decimal" maxLength={24} defaultValue={keptValue('campaign_goal')} />}
          </Field>
          <Field
            id="sponsored-campaign-currency"
            label="Campaign currency (optional)"
            error={errorOf('campaign_currency')}
            hint="A three-letter code, such as USD or EUR."
          >
            {(control) => (
              <Input {...control} name="campaign_currency" maxLength={3} autoCapitalize="characters" defaultValue={keptValue('campaign_currency')} />
            )}
          </Field>
          <Field id="sponsored-campaign-ends-at" label="Campaign end date (optional)" error={errorOf('campaign_ends_at')}>
            {(control) => <Input {...control} name="campaign_ends_at" type="date" defaultValue={keptValue('campaign_ends_at')} />}
          </Field>
        </div>
        <div data-slot="field" className="grid gap-2">
          <div className="flex items-start gap-3">
            <Checkbox
              id="sponsored-terms"
              name="terms_accepted"
              required
              className="mt-0.5"
              defaultChecked={valueOf(actionData, 'terms_accepted') === 'on'}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? 'sponsored-terms-error' : undefined}
            />
            <Label htmlFor="sponsored-terms" className="inline! leading-snug! font-normal! select-auto!">
              I accept the{' '}
              <a
                href="/terms-of-service"
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary underline underline-offset-4"
              >
                Terms of Service
              </a>
            </Label>
          </div>
          <FieldError id="sponsored-terms-error">{termsError}</FieldError>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
          {isSubmitting ? 'Starting checkout...' : `Submit and pay ${priceLabel}`}
        </Button>
        <p className="text-xs text-muted-foreground">
          You will be sent to our payment provider&apos;s secure checkout. Your submission is reviewed once the payment
          is made.
        </p>
      </Form>
    </>
  );
}
