import { Link } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';

export const PAYMENTS_OFF_TEXT = "Sponsored posts can't be bought on this site yet: payments are not set up.";

/**
 * In place of the sponsored post form while the site takes no payments
 * (production without a Stripe key and without the test checkout): a form
 * whose every post would fail is not offered; the visitor is sent to the
 * contact page instead.
 */
export function PaymentsOffNotice() {
  return (
    <Card className="self-start" data-testid="payments-off-notice">
      <CardHeader>
        <CardTitle>Not on sale yet</CardTitle>
        <CardDescription>{PAYMENTS_OFF_TEXT}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p>Write to us instead: tell us about your campaign and we will get back to you.</p>
        <Button asChild size="lg" className="w-full sm:w-auto sm:justify-self-start">
          <Link to="/contact-us" prefetch="intent">
            Write to us
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
