import { randomBytes } from 'node:crypto';
import { EXTENSION_BY_IMAGE_TYPE } from '../../common/media-keys.ts';
import type { ImageType } from '../../common/schemas/media.ts';

const MAX_NAME_LENGTH = 60;

/**
 * The readable part of a key: the file's name without its extension,
 * lowercased, accents dropped, anything else turned into single hyphens
 * (`Été Photo (1).PNG` → `ete-photo-1`). `image` when nothing is left.
 */
export function safeFileStem(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '');
  const safe = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/^-+|-+$/g, '');
  return safe || 'image';
}

/**
 * A new upload's key: `uploads/YYYY/MM/<24 hex>-<safe name>.<ext>`. The 96
 * random bits make it unguessable and, in practice, unique (the media
 * table's unique key catches the rest). The extension follows the declared
 * type, never the name.
 */
export function createUploadKey(fileName: string, contentType: ImageType, now = new Date()): string {
  const year = String(now.getUTCFullYear()).padStart(4, '0');
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const random = randomBytes(12).toString('hex');
  return `uploads/${year}/${month}/${random}-${safeFileStem(fileName)}.${EXTENSION_BY_IMAGE_TYPE[contentType]}`;
}
