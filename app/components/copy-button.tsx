import { useEffect, useState, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { Icon } from './ui/icon.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A button that copies `text` to the clipboard and says so. Until the page
 * runs JavaScript, and where the browser has no clipboard, `fallback` shows
 * instead (a plain link, say). A page framed by another site may be refused
 * the clipboard: the button then says so and shows the fallback too.
 */
export function CopyButton({
  text,
  label,
  copiedText,
  failedText,
  fallback,
}: {
  text: string;
  label: string;
  /** Announced once the text is on the clipboard. */
  copiedText: string;
  /** Shown when the browser refuses the clipboard (a framed page may be refused it). */
  failedText: string;
  fallback: ReactNode;
}) {
  const [canCopy, setCanCopy] = useState(false);
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    setCanCopy(typeof navigator.clipboard?.writeText === 'function');
  }, []);
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  if (!canCopy) return <>{fallback}</>;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        <Icon name="link-2" />
        {label}
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {state === 'copied' ? copiedText : state === 'failed' ? failedText : ''}
      </p>
      {state === 'failed' ? <div className="basis-full">{fallback}</div> : null}
    </div>
  );
}
