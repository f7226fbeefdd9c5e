import { useEffect, useRef } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { CALCULATOR_FIELDS, CALCULATOR_PATHS } from '../../common/fee-calculators.ts';
import {
  calculatorCurrencies,
  embedSnippet,
  feeRulesIn,
  formatMinorUnits,
  linkOnSite,
  processingLabel,
  readFeeCalculatorForm,
  resultLink,
  type CalculatorCampaignLine,
  type FeeBreakdown,
  type FeeCalculatorDefinition,
} from '../lib/fee-calculator.ts';
import { CopyButton } from './copy-button.tsx';
import { Button } from './ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';
import { Checkbox } from './ui/checkbox.tsx';
import { Field } from './ui/field.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { Icon } from './ui/icon.tsx';
import { Textarea } from './ui/textarea.tsx';

/**
 * A platform fee calculator (SPEC.md sections 2 and 9). The form is a GET:
 * the figures travel in the address, so results appear only after Submit,
 * render on the server too (no JavaScript needed) and can be shared. A
 * field sent with a bad value gets its message and no result.
 *
 * The browser's own checks are off (`noValidate`): a bad field reaches the
 * page like any other, which names it and clears the result shown before,
 * rather than a browser bubble leaving the old result on screen.
 *
 * `origin` makes the result's shareable link absolute. `embedded` is the
 * copy other sites frame: its links open this site in a new tab, and a
 * result shown on arrival does not take the focus (it would scroll the
 * framing page to the frame). `campaign`: the campaign a fact box opened
 * it for, when the figures are still that campaign's.
 */
export function FeeCalculator({
  calculator,
  origin,
  embedded = false,
  campaign = null,
}: {
  calculator: FeeCalculatorDefinition;
  origin: string;
  embedded?: boolean;
  campaign?: CalculatorCampaignLine | null;
}) {
  const [params] = useSearchParams();
  const { fields, errors, currency, currencyError, result, resultQuery } = readFeeCalculatorForm(calculator, params);
  const arrivedWith = useRef(params.toString());
  const currencies = calculatorCurrencies(calculator);
  const bankTransferLabel = feeRulesIn(calculator, currency).bankTransferCents === undefined ? undefined : calculator.bankTransferLabel;

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      {campaign ? (
        <p className="lg:col-span-2" data-testid="calculator-campaign">
          {campaign.text}.{' '}
          <Link to={campaign.path} prefetch="intent" className="font-medium text-primary underline underline-offset-4">
            Back to {campaign.title}
          </Link>
        </p>
      ) : null}
      {currencyError ? (
        <p className="rounded-lg border border-border bg-muted px-4 py-3 text-sm lg:col-span-2" data-testid="calculator-currency">
          {currencyError}
        </p>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Icon name="calculator" className="size-5 text-primary" />
            Your campaign
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="get" preventScrollReset replace noValidate className="grid gap-5">
            {currencies.length > 1 ? (
              <Field id="currency" label="Currency">
                {(control) => (
                  <select
                    {...control}
                    name={CALCULATOR_FIELDS.currency}
                    defaultValue={currency}
                    className="h-10 w-full rounded-md border border-input bg-background px-3 text-base md:text-sm"
                  >
                    {currencies.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
            <Field id="funds" label={`Funds raised (${currency})`} error={errors.funds}>
              {(control) => (
                <Input
                  {...control}
                  name={CALCULATOR_FIELDS.funds}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  placeholder="10000.00"
                  defaultValue={fields.funds ?? ''}
                  required
                />
              )}
            </Field>
            <Field id="backers" label="Number of backers" error={errors.backers}>
              {(control) => (
                <Input
                  {...control}
                  name={CALCULATOR_FIELDS.backers}
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min="1"
                  placeholder="150"
                  defaultValue={fields.backers ?? ''}
                  required
                />
              )}
            </Field>
            {bankTransferLabel ? (
              <Label className="font-normal!">
                <Checkbox name={CALCULATOR_FIELDS.bankTransfer} defaultChecked={fields.includeBankTransfer} />
                {bankTransferLabel}
              </Label>
            ) : null}
            <Button type="submit" size="lg">
              Calculate fees
            </Button>
          </Form>
        </CardContent>
      </Card>
      {result && resultQuery ? (
        <FeeResults
          key={params.toString()}
          calculator={calculator}
          currency={currency}
          result={result}
          link={resultLink(origin, calculator.platform, resultQuery)}
          embedded={embedded}
          takesFocus={!embedded || params.toString() !== arrivedWith.current}
        />
      ) : null}
    </div>
  );
}

function FeeResults({
  calculator,
  currency,
  result,
  link,
  embedded,
  takesFocus,
}: {
  calculator: FeeCalculatorDefinition;
  currency: string;
  result: FeeBreakdown;
  /** This result on the calculator's own page. */
  link: string;
  embedded: boolean;
  takesFocus: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // After a submit in the browser, focus moves to the result.
  useEffect(() => {
    if (takesFocus) heading.current?.focus();
  }, [takesFocus]);
  const rows: [string, bigint][] = [
    ['Funds raised', result.fundsCents],
    ['Platform fee (5%)', result.platformFeeCents],
    [processingLabel(feeRulesIn(calculator, currency), currency), result.processingFeeCents],
  ];
  if (calculator.bankTransferLabel && result.bankTransferFeeCents > 0n) {
    rows.push(['International bank transfer fee', result.bankTransferFeeCents]);
  }
  const plainLink = (
    <a
      href={link}
      className="inline-flex min-h-6 items-center text-sm font-medium text-primary underline underline-offset-4"
      {...(embedded ? { target: '_blank', rel: 'noopener' } : {})}
    >
      Link to this result
      {embedded ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
  return (
    <Card aria-labelledby="fee-results-title" role="region" className="border-primary/30!">
      <CardHeader>
        <CardTitle id="fee-results-title" ref={heading} tabIndex={-1} className="outline-none">
          Your {calculator.name} fees
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border">
          {rows.map(([label, cents]) => (
            <div key={label} className="flex items-center justify-between gap-4 py-3">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{formatMinorUnits(cents, currency)}</dd>
            </div>
          ))}
          <div className="flex items-center justify-between gap-4 py-3">
            <dt className="font-semibold">Total fees</dt>
            <dd className="font-semibold tabular-nums">{formatMinorUnits(result.totalFeesCents, currency)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4 rounded-lg bg-accent px-3 py-4">
            <dt className="text-lg font-bold text-accent-foreground">You receive</dt>
            <dd className="text-2xl font-bold tabular-nums text-accent-foreground">
              {formatMinorUnits(result.youReceiveCents, currency)}
            </dd>
          </div>
        </dl>
        <div className="mt-5">
          <CopyButton
            text={link}
            label="Copy link to this result"
            copiedText="Link copied"
            failedText="Copying is blocked here; use this link instead:"
            fallback={plainLink}
          />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The code another site pastes to show this calculator in a frame, with a
 * button to copy it. The text box holds it for copying by hand too.
 */
export function EmbedSnippet({ calculator, origin }: { calculator: FeeCalculatorDefinition; origin: string }) {
  const snippet = embedSnippet(origin, calculator);
  return (
    <section aria-labelledby="embed-calculator" className="mt-12 max-w-3xl">
      <h2 id="embed-calculator" className="section-title-sm">
        Add this calculator to your site
      </h2>
      <p className="mt-3 text-muted-foreground">
        Paste this code into your page: the calculator works inside it, and its results link back here.
      </p>
      <Field id="embed-code" label="Embed code" className="mt-4">
        {(control) => <Textarea {...control} readOnly value={snippet} rows={3} className="font-mono text-sm" />}
      </Field>
      <div className="mt-3">
        <CopyButton
          text={snippet}
          label="Copy embed code"
          copiedText="Embed code copied"
          failedText="Copying is blocked here; select the code above and copy it."
          fallback={null}
        />
      </div>
    </section>
  );
}

/**
 * A calculator as other sites frame it: its heading, the calculator, and a
 * link back to the full calculator on this site, in a new tab (the framing
 * page stays where it is).
 */
export function EmbeddedFeeCalculator({
  calculator,
  origin,
  siteName,
}: {
  calculator: FeeCalculatorDefinition;
  origin: string;
  siteName: string;
}) {
  return (
    <>
      <h1 className="mb-gutter section-title">{calculator.name} Fee Calculator</h1>
      <FeeCalculator calculator={calculator} origin={origin} embedded />
      <p className="mt-6 text-sm text-muted-foreground">
        <a
          href={linkOnSite(origin, CALCULATOR_PATHS[calculator.platform])}
          target="_blank"
          rel="noopener"
          className="font-medium text-primary underline underline-offset-4"
        >
          Open the full {calculator.name} calculator on {siteName}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </>
  );
}
