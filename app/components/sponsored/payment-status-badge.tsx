import { Badge } from '../ui/badge.tsx';

const VARIANTS = {
  completed: 'secondary',
  failed: 'destructive',
  expired: 'destructive',
  pending: 'outline',
} as const;

/** A payment status as a badge: completed secondary, failed and expired destructive, others outline. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const variant = status in VARIANTS ? VARIANTS[status as keyof typeof VARIANTS] : 'outline';
  return <Badge variant={variant}>{status.toUpperCase()}</Badge>;
}
