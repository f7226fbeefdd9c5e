import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { TOAST_DURATION } from '../../lib/toast.ts';

/** The toast region (sonner), in the site's colours. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-right"
      duration={TOAST_DURATION}
      closeButton
      toastOptions={{
        classNames: {
          toast: 'border border-border bg-popover text-popover-foreground shadow-lg',
          description: '!text-muted-foreground',
        },
      }}
      {...props}
    />
  );
}
