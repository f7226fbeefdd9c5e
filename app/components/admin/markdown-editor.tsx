/**
 * The markdown editor with image upload. Loaded lazily by the admin
 * editors only (see content-editor/text-fields.tsx), so it never reaches public pages.
 */
import '@uiw/react-md-editor/markdown-editor.css';
import MDEditor from '@uiw/react-md-editor/nohighlight';
import { ImagePlus } from 'lucide-react';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { uploadErrorMessage, uploadImage } from '../../lib/upload.ts';
import { Button } from '../ui/button.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { callUploadApi } from './image-uploader/use-image-upload.ts';
import { markdownPlugins } from '../../../common/markdown-dialect.ts';
import { MARKDOWN_CLASS } from '../markdown-content.tsx';

const MARKDOWN_PLUGINS = markdownPlugins({ remarkGfm, rehypeSanitize });

const altText = (fileName: string) => fileName.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '') || 'image';

export default function MarkdownEditor({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const latest = useRef(value);
  latest.current = value;
  const [progress, setProgress] = useState<number | null>(null);

  // The toolbar's icons are drawn as role="img" without a name, inside
  // buttons that have one: hide them from assistive technology.
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const hideIcons = () => {
      for (const icon of root.querySelectorAll('.w-md-editor-toolbar svg:not([aria-hidden])')) icon.setAttribute('aria-hidden', 'true');
    };
    hideIcons();
    const observer = new MutationObserver(hideIcons);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  const insertImage = async (file: File) => {
    const textarea = container.current?.querySelector('textarea');
    const at = textarea?.selectionStart ?? latest.current.length;
    try {
      const url = await uploadImage(file, {
        callApi: callUploadApi,
        onStateChange: (state) => setProgress(state.status === 'uploading' ? state.progress : null),
      });
      const text = latest.current;
      const position = Math.min(at, text.length);
      const snippet = `![${altText(file.name)}](${url})`;
      onChange(`${text.slice(0, position)}${snippet}${text.slice(position)}`);
      notifySuccess('Image uploaded successfully.');
    } catch (error) {
      notifyError('Image upload failed', uploadErrorMessage(error));
    } finally {
      setProgress(null);
    }
  };

  const takeImages = (files: FileList | null | undefined) => {
    const images = [...(files ?? [])].filter((file) => file.type.startsWith('image/'));
    for (const file of images) void insertImage(file);
    return images.length > 0;
  };

  return (
    <div
      ref={container}
      className="grid gap-2"
      data-color-mode="light"
      onPaste={(event: ClipboardEvent) => {
        if (takeImages(event.clipboardData?.files)) event.preventDefault();
      }}
      onDrop={(event: DragEvent) => {
        if (takeImages(event.dataTransfer?.files)) event.preventDefault();
      }}
    >
      <div className="flex items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => picker.current?.click()}>
          <ImagePlus aria-hidden="true" />
          Insert image
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Image to insert into the content"
          onChange={(event) => {
            takeImages(event.target.files);
            event.target.value = '';
          }}
        />
        {progress !== null ? (
          <span role="status" className="text-sm">
            Uploading image… {progress}%
          </span>
        ) : null}
      </div>
      <MDEditor
        value={value}
        onChange={(next) => onChange(next ?? '')}
        height={360}
        preview="edit"
        // The preview is the public page's body: the same plugins and sanitising (no data:, vbscript: or
        // javascript: links, no raw HTML) and the same article styles, so it looks as the post will.
        components={{
          preview: (source) => (
            <div className={`${MARKDOWN_CLASS} bg-background p-4 text-base text-foreground`}>
              <Markdown {...MARKDOWN_PLUGINS}>{source}</Markdown>
            </div>
          ),
        }}
        textareaProps={{
          id,
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
        }}
      />
    </div>
  );
}
