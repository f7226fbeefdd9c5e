import { z } from 'zod';
import { EXTENSION_BY_IMAGE_TYPE } from '../media-keys.ts';
import { isUploadPath } from '../site-images.ts';

/** SPEC.md section 5: the image types an upload may declare. */
export const ALLOWED_IMAGE_TYPES = Object.keys(EXTENSION_BY_IMAGE_TYPE) as (keyof typeof EXTENSION_BY_IMAGE_TYPE)[];

export type ImageType = keyof typeof EXTENSION_BY_IMAGE_TYPE;

/** SPEC.md sections 5 and 9: the enforced limit (the editors' help text says 10MB). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Longest file name accepted (most file systems stop at 255 bytes). */
export const MAX_FILE_NAME_LENGTH = 255;

export function isAllowedImageType(type: string): type is ImageType {
  return Object.hasOwn(EXTENSION_BY_IMAGE_TYPE, type);
}

/** A size for people: `25 MB`, `26.3 MB`, `512 KB`, `12 bytes`. */
export function formatFileSize(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024, 'MB'],
    [1024, 'KB'],
  ];
  for (const [unit, label] of units) {
    if (bytes >= unit) {
      const value = bytes / unit;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${label}`;
    }
  }
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/**
 * A name that tries to say where the file goes: folders (`/`, `\`, or
 * their percent-encodings), `.` or `..`, control characters. Uploads are
 * stored under a generated key, but such a name is never a real file's.
 */
export function isPathTrick(name: string): boolean {
  return (
    /[/\\]|%2f|%5c|%00/i.test(name) ||
    name === '.' ||
    name === '..' ||
    // Control characters never appear in a real file name.
    /[\u0000-\u001f\u007f]/.test(name) // eslint-disable-line no-control-regex
  );
}

export type UploadProblemCode = 'INVALID_FILE_TYPE' | 'FILE_TOO_LARGE' | 'INVALID_S3_KEY' | 'VALIDATION_FAILED';

export interface UploadProblem {
  code: UploadProblemCode;
  message: string;
}

/**
 * The checks run before an upload starts, by the back office (before asking
 * for an upload address) and by the server (before giving one), with the
 * codes and messages of SPEC.md section 8. `size` is optional because the
 * older upload-url request does not send it; the upload is then limited
 * while it is received.
 */
export function findUploadProblem(file: { name?: string; type: string; size?: number | null }): UploadProblem | null {
  if (!isAllowedImageType(file.type)) {
    return {
      code: 'INVALID_FILE_TYPE',
      message: `Invalid file type: ${file.type || 'unknown'}. Only image files are allowed.`,
    };
  }
  if (file.size !== undefined && file.size !== null) {
    if (!(file.size > 0)) return { code: 'VALIDATION_FAILED', message: 'File size must be above 0' };
    if (file.size > MAX_UPLOAD_BYTES) {
      return {
        code: 'FILE_TOO_LARGE',
        message: `File too large: ${formatFileSize(file.size)}. Maximum size is ${formatFileSize(MAX_UPLOAD_BYTES)}.`,
      };
    }
  }
  if (file.name !== undefined && isPathTrick(file.name)) {
    return {
      code: 'INVALID_S3_KEY',
      message: `Invalid file name: ${JSON.stringify(file.name)}. Use the file's own name, without folders.`,
    };
  }
  return null;
}

const fileNameField = z
  .string({ error: 'File name must be text' })
  .trim()
  .min(1, 'File name is required')
  .max(MAX_FILE_NAME_LENGTH, `File name must be at most ${MAX_FILE_NAME_LENGTH} characters`);

const contentTypeField = z
  .string({ error: 'Content type must be text' })
  .trim()
  .min(1, 'Content type is required')
  .max(200, 'Content type must be at most 200 characters')
  .transform((type) => type.toLowerCase());

const fileSizeField = z
  .number({ error: 'File size must be a number of bytes' })
  .int('File size must be a whole number of bytes');

/**
 * POST /admin/media/upload-url (SPEC.md sections 3 and 7). The editors send
 * `fileName`, `contentType` and `fileSize`; an older client sends `filename`
 * and `content_type`; the snake_case names of SPEC.md section 3 work too.
 * All come out as `file_name`, `content_type` and `file_size` (null when
 * not sent).
 */
export const mediaUploadRequestSchema = z
  .object({
    fileName: z.unknown().optional(),
    file_name: z.unknown().optional(),
    filename: z.unknown().optional(),
    contentType: z.unknown().optional(),
    content_type: z.unknown().optional(),
    fileSize: z.unknown().optional(),
    file_size: z.unknown().optional(),
  })
  .transform((body) => ({
    file_name: body.fileName ?? body.file_name ?? body.filename,
    content_type: body.contentType ?? body.content_type,
    file_size: body.fileSize ?? body.file_size ?? null,
  }))
  .pipe(
    z.object({
      file_name: z.preprocess((value) => value ?? '', fileNameField),
      content_type: z.preprocess((value) => value ?? '', contentTypeField),
      file_size: fileSizeField.nullable(),
    }),
  );

export type MediaUploadRequest = z.output<typeof mediaUploadRequestSchema>;

/**
 * The answer: where to PUT the file, the key that names it, and the path to
 * store for it (`/<s3_key>`, served by this site whatever the storage):
 * never an absolute address, so nothing stored depends on a host.
 */
export const mediaUploadUrlSchema = z.object({
  upload_url: z.url({ protocol: /^https?$/ }),
  s3_key: z.string().min(1),
  path: z.string().refine(isUploadPath, 'path must be an upload path'),
});

export type MediaUploadUrl = z.output<typeof mediaUploadUrlSchema>;
