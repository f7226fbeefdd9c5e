import { CircleSlash, Mail, TriangleAlert } from 'lucide-react';
import { data, Link, useRevalidator, useSearchParams } from 'react-router';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PaymentChecking, RetryLookupForm } from '../components/sponsored/payment-checking.tsx';
import { SubmissionDetailsCard } from '../components/sponsored/submission-details-card.tsx';
import { Alert, AlertDescription, AlertTitle } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { NO_STORE } from '../lib/cache-headers.ts';
import { lookUpWithRetries } from '../lib/payment-lookup.ts';
import { findPaymentCancellationResult, type PaymentCancellationResult } from '../server/payment-results.server.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches, usePublicSite } from '../lib/public-site.ts';
import { sponsoredFormState } from '../lib/sponsored-prefill.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import type { Route } from './+types/payment-cancel';

const PATH = '/payment/cancel';
const DEFAULT_MESSAGE = 'Your payment did not complete. Review your details and try submitting again.';

// The first HTML already carries the details: the lookup runs in process.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { lookup, httpStatus } = await findPaymentCancellationResult(context, request);
  return data(lookup, { status: httpStatus, headers: { 'Cache-Control': NO_STORE } });
}

// Lookups from the browser ('Try again') follow SPEC.md section 7's retry rule.
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return lookUpWithRetries(() => serverLoader());
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: PATH,
    title: pageTitle('Payment cancelled', matches),
    description: 'Your sponsored post payment was not completed.',
    noIndex: true,
  });
}

// The visitor's own submission: never stored by a browser or a CDN.
export function headers(_: Route.HeadersArgs) {
  return { 'Cache-Control': NO_STORE };
}

function StartNewSubmission({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant}>
      <Link to={SPONSORED_PATH}>Start new submission</Link>
    </Button>
  );
}

/** Each status as a sentence: a visitor reads what happened, never a raw status like PENDING. */
const STATUS_TITLES: Record<PaymentCancellationResult['status'], string> = {
  pending: 'Payment not completed',
  failed: 'Payment unsuccessful',
  expired: 'Checkout expired',
  completed: 'Payment confirmed',
};

function Cancellation({ result }: { result: PaymentCancellationResult }) {
  const { contactEmail } = usePublicSite();
  const isPaid = result.status === 'completed';
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex-row! items-start gap-3!">
          <CircleSlash aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-muted-foreground" />
          <div className="grid gap-1.5">
            <CardTitle className="text-2xl!">{STATUS_TITLES[result.status]}</CardTitle>
            <p className="text-base text-muted-foreground">{result.message || DEFAULT_MESSAGE}</p>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <dt className="font-medium">Session ID:</dt>
              <dd className="break-all font-mono">{result.session_id}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-3">
            {/* A paid submission has nothing to retry. */}
            {isPaid ? null : (
              <Button asChild>
                <Link to={SPONSORED_PATH} replace state={sponsoredFormState(result.session_id, result.pending_submission)}>
                  Try again now
                </Link>
              </Button>
            )}
            <Button asChild variant="outline">
              <a href={`mailto:${contactEmail}?subject=${encodeURIComponent('Sponsored post payment')}`}>
                <Mail aria-hidden="true" />
                Contact support
              </a>
            </Button>
          </div>
        </CardContent>
      </Card>
      {result.pending_submission ? <SubmissionDetailsCard submission={result.pending_submission} /> : null}
    </div>
  );
}

export default function PaymentCancel({ loaderData: lookup }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();

  let body;
  if (revalidator.state === 'loading') {
    body = <PaymentChecking text="Retrieving your submission details…" />;
  } else if (lookup.state === 'missing') {
    body = (
      <Alert variant="destructive">
        <TriangleAlert aria-hidden="true" />
        <AlertTitle>Payment could not be completed</AlertTitle>
        <AlertDescription>
          <p>This page needs the checkout session it was opened for, and the address has none.</p>
          <div className="mt-2">
            <StartNewSubmission />
          </div>
        </AlertDescription>
      </Alert>
    );
  } else if (lookup.state === 'error') {
    body = (
      <div className="grid gap-4">
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>Unable to retrieve your submission</AlertTitle>
          <AlertDescription>
            <p>{lookup.message ?? "We couldn't retrieve the details of this checkout session."}</p>
          </AlertDescription>
        </Alert>
        <div className="flex flex-wrap gap-3">
          <RetryLookupForm action={PATH} sessionId={searchParams.get('session_id')} onRetry={() => void revalidator.revalidate()}>
            <Button type="submit">Try again</Button>
          </RetryLookupForm>
          <StartNewSubmission variant="outline" />
        </div>
      </div>
    );
  } else {
    body = <Cancellation result={lookup.result} />;
  }

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader title="Payment cancelled" />
      {body}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
