import type { PaymentModeJson } from '../../../common/answers.ts';

/**
 * Shown on every back-office page while sponsored posts are not really paid
 * for: in test mode (simulated payments) and when payments are off. It says
 * "off" only when they are, as the revenue card does.
 */
export function PaymentModeBanner({ mode }: { mode: PaymentModeJson | null }) {
  if (mode !== 'test' && mode !== 'off') return null;
  return (
    <div
      className="mb-6 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="payment-mode-banner"
    >
      {mode === 'test' ? (
        <>
          <strong>Test mode: payments are simulated, no money is taken.</strong> Sponsored posts are paid through the
          built-in test checkout because STRIPE_SECRET_KEY is not set.
        </>
      ) : (
        <>
          <strong>Payments are off.</strong> Sponsored posts can&apos;t be bought because STRIPE_SECRET_KEY is not set:
          the public page says so and sends visitors to the contact page instead.
        </>
      )}
    </div>
  );
}
