/**
 * The card every signed-out back-office page sits in (sign-in, two-factor
 * step, forgotten password, reset, invitation), their loading state, and the
 * page of a link the server refused.
 */
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '../ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';

export function SignInCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}

export function SignInLoading() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <Spinner />
    </main>
  );
}

/** A link the server refused (used, revoked, expired, unknown): its message, then the way on (`children`). */
export function LinkRefused({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  return (
    <SignInCard title={title}>
      <Alert variant="destructive">
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      {children}
    </SignInCard>
  );
}
