import { useEffect, useState } from 'react';
import type { NewsletterPreviewJson } from '../../../../common/answers.ts';
import { newsletterIssueSchema, type NewsletterIssueInput } from '../../../../common/schemas/newsletter.ts';
import { previewIssue } from '../../../lib/admin-newsletters.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';

type Preview = NewsletterPreviewJson | 'invalid' | null;

/** The mail as the typed values make it, fetched a moment after typing stops. */
function useLivePreview(values: NewsletterIssueInput): Preview {
  const [preview, setPreview] = useState<Preview>(null);
  const key = JSON.stringify(values);
  useEffect(() => {
    let isCurrent = true;
    const timer = setTimeout(() => {
      const parsed = newsletterIssueSchema.safeParse(JSON.parse(key));
      if (!parsed.success) {
        setPreview('invalid');
        return;
      }
      previewIssue(parsed.data).then(
        (next) => isCurrent && setPreview(next),
        () => isCurrent && setPreview('invalid'),
      );
    }, 400);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [key]);
  return preview;
}

/** The issue's mail as it is being written, in HTML or plain text. */
export function IssuePreview({ values }: { values: NewsletterIssueInput }) {
  const preview = useLivePreview(values);
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <section aria-labelledby="preview-heading" className="grid content-start gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <div className="flex gap-2" role="group" aria-label="Part of the mail">
          <Button type="button" size="sm" variant={part === 'html' ? 'default' : 'outline'} aria-pressed={part === 'html'} onClick={() => setPart('html')}>
            HTML
          </Button>
          <Button type="button" size="sm" variant={part === 'text' ? 'default' : 'outline'} aria-pressed={part === 'text'} onClick={() => setPart('text')}>
            Plain text
          </Button>
        </div>
      </div>
      {preview === null ? (
        <Spinner label="Loading the preview" />
      ) : preview === 'invalid' ? (
        <p className="text-sm text-muted-foreground">The preview shows once the issue has a subject.</p>
      ) : (
        <>
          {preview.left_out.length > 0 ? (
            <Alert>
              <AlertTitle>Not in the mail</AlertTitle>
              <AlertDescription>
                Not published, so left out: {preview.left_out.join(', ')}. A post is sent only if it is live when the issue goes out.
              </AlertDescription>
            </Alert>
          ) : null}
          {part === 'html' ? (
            <MailFrame html={preview.html} />
          ) : (
            <pre className="h-[720px] overflow-auto whitespace-pre-wrap rounded-md border border-border bg-background p-4 text-sm">{preview.text}</pre>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The mail's HTML in a frame as tall as the mail, so none of it is cut off.
 * No scripts run in it, so its HTML cannot act on the back office; it keeps
 * the site's origin only so that the site's images (covers, logo) load as
 * they do in a mail client, and so its height can be read.
 */
function MailFrame({ html }: { html: string }) {
  const [height, setHeight] = useState(720);
  return (
    <iframe
      title="E-mail preview"
      sandbox="allow-same-origin"
      srcDoc={html}
      style={{ height: `${height}px` }}
      className="w-full rounded-md border border-border bg-white"
      onLoad={(event) => {
        const mail = event.currentTarget.contentDocument?.documentElement;
        if (mail) setHeight(Math.max(mail.scrollHeight, 200));
      }}
    />
  );
}
