import { CircleCheck, CircleX, Hourglass, Mail, TimerOff, TriangleAlert } from 'lucide-react';
import { data, Link, useRevalidator, useSearchParams } from 'react-router';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PaymentChecking, RetryLookupForm } from '../components/sponsored/payment-checking.tsx';
import { Alert, AlertDescription, AlertTitle } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { NO_STORE } from '../lib/cache-headers.ts';
import { lookUpWithRetries } from '../lib/payment-lookup.ts';
import { findPaymentStatusResult, type PaymentStatusResult } from '../server/payment-results.server.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches, usePublicSite } from '../lib/public-site.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import type { Route } from './+types/payment-success';

const PATH = '/payment/success';

// The first HTML already carries the result: the lookup runs in process.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { lookup, httpStatus } = await findPaymentStatusResult(context, request);
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
    title: pageTitle('Payment status', matches),
    description: 'The status of your sponsored post payment.',
    noIndex: true,
  });
}

// One visitor's payment: never stored by a browser or a CDN.
export function headers(_: Route.HeadersArgs) {
  return { 'Cache-Control': NO_STORE };
}

// A paid card's text repeats the sponsored page's promise, as the owner words it.
const STATUS_CARDS: Record<
  PaymentStatusResult['status'],
  { title: string; text: (liveTime: string) => string; icon: typeof CircleCheck; iconClass: string }
> = {
  completed: {
    title: 'Payment confirmed',
    text: (liveTime) => `Thank you! Your sponsored post will be live within ${liveTime}.`,
    icon: CircleCheck,
    iconClass: 'text-primary',
  },
  pending: {
    title: 'Payment processing',
    text: () => 'Your payment is still being processed. Refresh this page in a bit to see the final status.',
    icon: Hourglass,
    iconClass: 'text-amber-700',
  },
  failed: {
    title: 'Payment unsuccessful',
    text: () => 'Your payment did not go through. If you were charged, please contact support.',
    icon: CircleX,
    iconClass: 'text-destructive',
  },
  expired: {
    title: 'Checkout expired',
    text: () => 'This checkout expired before the payment was made. Please start a new submission.',
    icon: TimerOff,
    iconClass: 'text-destructive',
  },
};

function SupportLink() {
  const { contactEmail } = usePublicSite();
  return (
    <a
      href={`mailto:${contactEmail}?subject=${encodeURIComponent('Sponsored post payment')}`}
      className="inline-flex items-center gap-2 rounded-sm text-sm font-medium text-primary hover:underline"
    >
      <Mail aria-hidden="true" className="size-4" />
      Need help? Contact support
    </a>
  );
}

// Sessions of the built-in test checkout (server/payments/local-provider.ts), which charges nothing.
const isTestCheckoutSession = (sessionId: string) => sessionId.startsWith('cs_local_');

function StatusCard({ result, onRetry }: { result: PaymentStatusResult; onRetry: () => void }) {
  const card = STATUS_CARDS[result.status];
  const { sponsoredLiveTime, name } = usePublicSite();
  const Icon = card.icon;
  return (
    <Card>
      <CardHeader className="flex-row! items-start gap-3!">
        <Icon aria-hidden="true" className={`mt-0.5 size-7 shrink-0 ${card.iconClass}`} />
        <div className="grid gap-1.5">
          <CardTitle className="text-2xl!">{card.title}</CardTitle>
          <CardDescription className="text-base!">{card.text(sponsoredLiveTime)}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/*
          The receipt is ours (server/payments/payment-mails.ts), in test mode and with Stripe alike: Stripe's
          own receipt is a setting of the owner's Stripe account, off unless they turn it on.
        */}
        {result.status === 'completed' ? (
          <p>{`${name} is e-mailing you a confirmation of this payment, with the payment reference below.`}</p>
        ) : null}
        {result.status === 'pending' ? <p>{`Once the payment goes through, ${name} e-mails you a confirmation with its payment reference.`}</p> : null}
        {result.status === 'completed' && isTestCheckoutSession(result.session_id) ? (
          <p className="font-medium">This was a test payment: no money was taken.</p>
        ) : null}
        {result.payment_reference !== null ? (
          <p className="text-sm text-muted-foreground">
            Payment reference: <span className="break-all font-mono">{result.payment_reference}</span>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Checkout session: <span className="break-all font-mono">{result.session_id}</span>
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {result.status === 'pending' ? (
            <RetryLookupForm action={PATH} sessionId={result.session_id} onRetry={onRetry}>
              <Button type="submit">Refresh status</Button>
            </RetryLookupForm>
          ) : null}
          {result.status === 'failed' || result.status === 'expired' ? (
            <Button asChild>
              <Link to={SPONSORED_PATH}>Start a new submission</Link>
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link to="/">Browse projects</Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export default function PaymentSuccess({ loaderData: lookup }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const onRetry = () => void revalidator.revalidate();
  const sessionId = searchParams.get('session_id');

  let body;
  if (revalidator.state === 'loading') {
    body = <PaymentChecking text="Checking your payment status…" />;
  } else if (lookup.state === 'missing') {
    body = (
      <Alert variant="destructive">
        <TriangleAlert aria-hidden="true" />
        <AlertTitle>Missing payment session</AlertTitle>
        <AlertDescription>
          <p>This page needs the payment session it was opened for, and the address has none.</p>
          <Link to={SPONSORED_PATH} className="font-medium text-primary underline underline-offset-4">
            Return to form
          </Link>
        </AlertDescription>
      </Alert>
    );
  } else if (lookup.state === 'error') {
    body = (
      <div className="grid gap-4">
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>Unable to confirm payment</AlertTitle>
          <AlertDescription>
            <p>{lookup.message ?? "We couldn't retrieve the payment details for this session."}</p>
          </AlertDescription>
        </Alert>
        <div className="flex flex-wrap gap-3">
          <RetryLookupForm action={PATH} sessionId={sessionId} onRetry={onRetry}>
            <Button type="submit">Try again</Button>
          </RetryLookupForm>
          <Button asChild variant="outline">
            <Link to={SPONSORED_PATH}>Start a new submission</Link>
          </Button>
        </div>
      </div>
    );
  } else {
    body = <StatusCard result={lookup.result} onRetry={onRetry} />;
  }

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader title="Payment status" />
      {body}
      <p>
        <SupportLink />
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
