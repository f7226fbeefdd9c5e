import type { ReactNode } from 'react';
import type { PaymentCancellationResult } from '../../server/payment-results.server.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';

type PendingSubmission = NonNullable<PaymentCancellationResult['pending_submission']>;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function ExternalLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary underline underline-offset-4">
      {href}
    </a>
  );
}

/** SPEC.md section 2: the submission a cancelled checkout was for. */
export function SubmissionDetailsCard({ submission }: { submission: PendingSubmission }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your submission details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          <Detail term="Project name">{submission.project_name}</Detail>
          <Detail term="Project URL">
            <ExternalLink href={submission.project_url} />
          </Detail>
          {submission.description ? (
            <Detail term="Description">
              <span className="whitespace-pre-line">{submission.description}</span>
            </Detail>
          ) : null}
          <Detail term="Contact name">{submission.contact_name}</Detail>
          <Detail term="Contact email">{submission.contact_email}</Detail>
          {submission.press_kit_url ? (
            <Detail term="Press kit URL">
              <ExternalLink href={submission.press_kit_url} />
            </Detail>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
