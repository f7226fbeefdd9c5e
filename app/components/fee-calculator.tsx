import { useEffect, useRef } from 'react';
import { Form, useSearchParams } from 'react-router';
import { calculateFeesFromInput, formatUsdCents, type FeeBreakdown, type FeeRules } from '../lib/fee-calculator.ts';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';
import { Checkbox } from './ui/checkbox.tsx';
import { Field } from './ui/field.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { Icon } from './ui/icon.tsx';

/**
 * A platform fee calculator (SPEC.md sections 2 and 9). The form is a GET:
 * the figures travel in the address, so results appear only after Submit,
 * render on the server too (no JavaScript needed) and can be shared.
 */
export function FeeCalculator({
  platform,
  rules,
  processingLabel,
  bankTransferLabel,
}: {
  platform: string;
  rules: FeeRules;
  processingLabel: string;
  /** When set, the optional bank transfer fee is offered as a checkbox. */
  bankTransferLabel?: string;
}) {
  const [params] = useSearchParams();
  const funds = params.get('funds');
  const backers = params.get('backers');
  const includeBankTransfer = params.get('bank_transfer') === 'on';
  const result = calculateFeesFromInput(rules, { funds, backers, includeBankTransfer });

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Icon name="calculator" className="size-5 text-primary" />
            Your campaign
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="get" preventScrollReset replace className="grid gap-5">
            <Field id="funds" label="Funds raised (USD)">
              {(control) => (
                <Input
                  {...control}
                  name="funds"
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  placeholder="10000.00"
                  defaultValue={funds ?? ''}
                  required
                />
              )}
            </Field>
            <Field id="backers" label="Number of backers">
              {(control) => (
                <Input
                  {...control}
                  name="backers"
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min="1"
                  placeholder="150"
                  defaultValue={backers ?? ''}
                  required
                />
              )}
            </Field>
            {bankTransferLabel ? (
              <Label className="font-normal!">
                <Checkbox name="bank_transfer" defaultChecked={includeBankTransfer} />
                {bankTransferLabel}
              </Label>
            ) : null}
            <Button type="submit" size="lg">
              Calculate fees
            </Button>
          </Form>
        </CardContent>
      </Card>
      {result ? (
        <FeeResults
          key={params.toString()}
          platform={platform}
          result={result}
          processingLabel={processingLabel}
          bankTransferLabel={bankTransferLabel}
        />
      ) : null}
    </div>
  );
}

function FeeResults({
  platform,
  result,
  processingLabel,
  bankTransferLabel,
}: {
  platform: string;
  result: FeeBreakdown;
  processingLabel: string;
  bankTransferLabel: string | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // After a submit in the browser, focus moves to the result.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const rows: [string, bigint][] = [
    ['Funds raised', result.fundsCents],
    ['Platform fee (5%)', result.platformFeeCents],
    [processingLabel, result.processingFeeCents],
  ];
  if (bankTransferLabel && result.bankTransferFeeCents > 0n) {
    rows.push(['International bank transfer fee', result.bankTransferFeeCents]);
  }
  return (
    <Card aria-labelledby="fee-results-title" role="region" className="border-primary/30!">
      <CardHeader>
        <CardTitle id="fee-results-title" ref={heading} tabIndex={-1} className="outline-none">
          Your {platform} fees
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border">
          {rows.map(([label, cents]) => (
            <div key={label} className="flex items-center justify-between gap-4 py-3">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{formatUsdCents(cents)}</dd>
            </div>
          ))}
          <div className="flex items-center justify-between gap-4 py-3">
            <dt className="font-semibold">Total fees</dt>
            <dd className="font-semibold tabular-nums">{formatUsdCents(result.totalFeesCents)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4 rounded-lg bg-accent px-3 py-4">
            <dt className="text-lg font-bold text-accent-foreground">You receive</dt>
            <dd className="text-2xl font-bold tabular-nums text-accent-foreground">
              {formatUsdCents(result.youReceiveCents)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
