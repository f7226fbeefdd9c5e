import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import { Button } from '../components/ui/button.tsx';
import { findTestCheckoutView, settleTestCheckoutSession, type TestCheckoutView } from '../server/test-checkout.server.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/test-checkout';

// The built-in stand-in for the payment provider's hosted checkout (used
// when no Stripe key is configured). It charges nothing and says so.

const SPONSORED_FORM_PATH = '/submit-your-project-for-a-sponsored-post';

export async function loader({ params, context }: Route.LoaderArgs) {
  const checkout = await findTestCheckoutView(context, params.sessionId);
  if (!checkout) throw data(null, { status: 404 });
  return checkout;
}

const outcomeSchema = z.object({ intent: z.enum(['pay', 'cancel', 'fail', 'expire']) });

// A plain form POST, so it works without JavaScript; the answer is a
// redirect to the result page, as a hosted checkout sends the browser back.
export async function action({ params, request, context }: Route.ActionArgs) {
  const parsed = outcomeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(null, { status: 400 });
  const redirectUrl = await settleTestCheckoutSession(context, params.sessionId, parsed.data.intent);
  if (!redirectUrl) throw data(null, { status: 404 });
  return redirect(redirectUrl);
}

export function meta({ error, matches }: Route.MetaArgs) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = error ? (isNotFound ? 'Checkout session not found' : 'Test checkout failed') : 'Test checkout';
  return [{ title: pageTitle(title, matches) }, { name: 'robots', content: 'noindex, nofollow' }];
}

// A checkout is one visitor's and changes with each click.
export function headers(_: Route.HeadersArgs) {
  return { 'Cache-Control': 'no-store' };
}

function TestPaymentNotice() {
  return (
    <p role="note" className="rounded-lg border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-sm text-amber-950">
      <strong>Test payment: no money is charged.</strong> This page stands in for the payment provider because this
      site has no Stripe key configured.
    </p>
  );
}

function CheckoutSummary({ checkout }: { checkout: TestCheckoutView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-border bg-card p-4 text-sm">
      <dt className="font-medium">Product</dt>
      <dd className="break-words">{checkout.productName}</dd>
      <dt className="font-medium">Amount</dt>
      <dd>{checkout.amountLabel}</dd>
      <dt className="font-medium">E-mail</dt>
      <dd className="break-all">{checkout.customerEmail}</dd>
    </dl>
  );
}

const SETTLED_TEXT: Record<Exclude<TestCheckoutView['state'], 'open'>, string> = {
  paid: 'This test checkout is finished: the test payment was made.',
  failed: 'This test checkout is finished: the test payment failed.',
  expired: 'This test checkout has expired: it can no longer be paid.',
};

export default function TestCheckout({ loaderData: checkout }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === 'submitting';

  // Outside the site's layout, like a provider's hosted page: its own <main>.
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 py-10">
      <TestPaymentNotice />
      <h1 className="page-title">Test checkout</h1>
      <CheckoutSummary checkout={checkout} />

      {checkout.state === 'open' ? (
        <Form method="post" className="flex flex-col gap-6">
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="pay" size="lg" disabled={isSubmitting}>
              {`Pay ${checkout.amountLabel}`}
            </Button>
            <Button type="submit" name="intent" value="cancel" size="lg" variant="outline" disabled={isSubmitting}>
              Cancel payment
            </Button>
          </div>
          <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-medium">Other outcomes, for testing</legend>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="fail" variant="secondary" disabled={isSubmitting}>
                Simulate a failed payment
              </Button>
              <Button type="submit" name="intent" value="expire" variant="secondary" disabled={isSubmitting}>
                Simulate an expired checkout
              </Button>
            </div>
          </fieldset>
        </Form>
      ) : (
        <div className="flex flex-col gap-3">
          <p>{SETTLED_TEXT[checkout.state]}</p>
          <p className="flex flex-wrap gap-x-6 gap-y-2">
            <Link to={checkout.resultPath} className="font-medium text-primary underline underline-offset-4">
              See the payment result
            </Link>
            <Link to={SPONSORED_FORM_PATH} className="font-medium text-primary underline underline-offset-4">
              Start a new submission
            </Link>
          </p>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [heading, text] =
    status === 404
      ? [
          'Checkout session not found',
          'There is no test checkout at this address. The link may be incomplete, or the checkout was started on another copy of the site.',
        ]
      : status === 400
        ? ['Choose how to settle the test payment', 'Use one of the buttons on the test checkout page.']
        : status === 503 && isRouteErrorResponse(error) && typeof error.data === 'string'
          ? ['The test checkout is off', error.data]
          : ['Test checkout failed', 'Please try again in a moment.'];
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-16 text-center">
      <h1 className="page-title">{heading}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Link to={SPONSORED_FORM_PATH} className="font-medium text-primary underline underline-offset-4">
        Start a new submission
      </Link>
    </main>
  );
}
