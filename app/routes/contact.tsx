import { Mail } from 'lucide-react';
import { EmailField } from '../components/email-field.tsx';
import { ErrorSummary, SuccessPanel, type SummaryField } from '../components/form-feedback.tsx';
import { FormStatus, HoneypotField } from '../components/form-status.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { Field } from '../components/ui/field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Textarea } from '../components/ui/textarea.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { sendContactMessage } from '../server/public-forms.server.ts';
import { formAnswer } from '../server/form-answer.server.ts';
import { failedOutcome, valueOf } from '../lib/form-outcome.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { postOrAnnounceFailure } from '../lib/toast.ts';
import { useEnhancedForm } from '../lib/use-enhanced-form.ts';
import { usePublicSite } from '../lib/public-site.ts';
import type { Route } from './+types/contact';

export async function action({ context, request }: Route.ActionArgs) {
  return formAnswer(await sendContactMessage(context, request));
}

// SPEC.md section 8: a message that could not be sent says 'Failed to send message'.
export const clientAction = (args: Route.ClientActionArgs) =>
  postOrAnnounceFailure(args, () => failedOutcome('Failed to send message'));

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: '/contact-us',
    title: pageTitle('Contact Us', matches),
    description: 'Questions about a campaign, a review or a sponsored post? Send us a message and we will get back to you.',
  });
}

export const headers = publicPageHeaders;

type FieldName = 'name' | 'email' | 'message';

const FIELDS: readonly SummaryField[] = [
  { name: 'name', id: 'contact-name', label: 'Name' },
  { name: 'email', id: 'contact-email', label: 'Email' },
  { name: 'message', id: 'contact-message', label: 'Message' },
];

const loadSchema = () => import('../../common/schemas/contact-message.ts').then((module) => module.contactMessageSchema);

export default function Contact({ actionData }: Route.ComponentProps) {
  const { contactEmail, contactLine } = usePublicSite();
  const { Form, formProps, fieldErrors, isSubmitting, success, dismissSuccess } = useEnhancedForm({
    fetcherKey: 'contact',
    loadSchema,
  });
  const errorOf = (field: FieldName) => fieldErrors[field] ?? actionData?.fieldErrors?.[field];
  const shownErrors = Object.keys(fieldErrors).length > 0 ? fieldErrors : actionData?.fieldErrors;
  // With JavaScript the fetcher's answer; without it, the page's.
  const sent = success ?? (actionData && actionData.status !== 'error' ? actionData : undefined);

  return (
    <>
      <PageHeader title="Contact Us">
        <p>Questions about a campaign, a review or a sponsored post? Send us a message.</p>
      </PageHeader>
      <div className="grid gap-8 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent>
            {sent ? (
              <SuccessPanel outcome={sent} className="border-0 p-0 shadow-none">
                <a
                  href="/contact-us"
                  onClick={(event) => {
                    // An answer in the page (posted without JavaScript) goes away with a fresh page.
                    if (!success) return;
                    event.preventDefault();
                    dismissSuccess();
                    requestAnimationFrame(() => document.getElementById('contact-name')?.focus());
                  }}
                  className="rounded-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
                >
                  Send another message
                </a>
              </SuccessPanel>
            ) : (
              <>
                {actionData && Object.keys(actionData.fieldErrors ?? {}).length < 2 ? (
                  <div className="mb-6">
                    <FormStatus outcome={actionData} />
                  </div>
                ) : null}
                <ErrorSummary errors={shownErrors} fields={FIELDS} className="mb-6" />
                <Form {...formProps} className="relative grid gap-5">
                  <HoneypotField />
                  <Field id="contact-name" label="Name" error={errorOf('name')}>
                    {(control) => (
                      <Input {...control} name="name" autoComplete="name" maxLength={200} defaultValue={valueOf(actionData, 'name')} />
                    )}
                  </Field>
                  <EmailField id="contact-email" label="Email" error={errorOf('email')} defaultValue={valueOf(actionData, 'email')} />
                  <Field id="contact-message" label="Message" error={errorOf('message')}>
                    {(control) => (
                      <Textarea {...control} name="message" rows={6} maxLength={10_000} defaultValue={valueOf(actionData, 'message')} />
                    )}
                  </Field>
                  <Button type="submit" size="lg" disabled={isSubmitting} className="justify-self-start">
                    {isSubmitting ? 'Sending...' : 'Send Message'}
                  </Button>
                </Form>
              </>
            )}
          </CardContent>
        </Card>
        <aside aria-labelledby="contact-other-ways" className="rounded-xl border border-border bg-card p-6">
          <h2 id="contact-other-ways" className="font-semibold">
            Other ways to reach us
          </h2>
          <p className="mt-3 text-sm text-muted-foreground">{contactLine}</p>
          <a
            href={`mailto:${contactEmail}`}
            className="mt-4 inline-flex min-h-6 items-center gap-2 rounded-sm text-sm font-medium text-primary hover:underline"
          >
            <Mail aria-hidden="true" className="size-4" />
            {contactEmail}
          </a>
        </aside>
      </div>
    </>
  );
}
