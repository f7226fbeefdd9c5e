/**
 * The media service, the one door to uploaded images: the API's upload
 * routes, the file handler (server/http/serve-uploads.ts), the social cards
 * and the clean-up of abandoned uploads all go through it. The storage itself
 * (the local and S3 drivers, the checks of the bytes, the resized copies)
 * stays in server/storage.
 */
import type { MediaUploadRequest, MediaUploadUrl } from '../../../common/schemas/media.ts';
import type { MediaRow } from '../../db/schema.ts';
import type { CappedRead, ReadOptions, ReadResult } from '../../storage/driver.ts';
import type { MediaStorage } from '../../storage/media.ts';
import type { ImageType } from '../../../common/schemas/media.ts';

export function mediaService(storage: MediaStorage) {
  return {
    /** Records a new upload and hands out the address its bytes are PUT to (the request is checked already). */
    startUpload: (request: MediaUploadRequest, uploaderId: number, origin: string): Promise<MediaUploadUrl> =>
      storage.startUpload(request, uploaderId, origin),
    /** Stores an image the site ships (a demo cover) as a ready upload with its resized copies to come; its key. */
    importImage: (fileName: string, contentType: ImageType, bytes: Uint8Array): Promise<string> => storage.importImage(fileName, contentType, bytes),
    /** PUT /api/media/upload: receives the bytes of an upload to this server's disk. */
    acceptUpload: (token: string | undefined, request: Request): Promise<void> => storage.acceptUpload(token, request),
    /** The upload behind a key once it may be served; null while it is pending or unknown. */
    findServable: (key: string): Promise<MediaRow | null> => storage.findServable(key),
    /** Where reads of a stored file are redirected, when this server does not serve them. */
    publicUrl: (key: string): string | null => storage.driver.publicUrl(key),
    /** Makes sure a servable raster upload has its copy for mail (`mailImageKey`); false when there is none to make. */
    ensureMailCopy: (key: string): Promise<boolean> => storage.ensureMailCopy(key),
    /** A stored file, for streaming to a client; null when there is none. */
    readFile: (key: string, options?: ReadOptions): Promise<ReadResult | null> => storage.driver.read(key, options),
    readUpload: (key: string, maxBytes: number): Promise<CappedRead | null> => storage.readUpload(key, maxBytes),
    readCard: (version: string): Promise<Uint8Array | null> => storage.readCard(version),
    /** Stores a drawn card under its version, recorded under its subject so a newer one can replace it. */
    storeCard: (card: { version: string; subject: string }, png: Uint8Array): Promise<void> => storage.storeCard(card, png),
    /** Forgets uploads that never arrived; returns how many. */
    forgetAbandonedUploads: (): Promise<number> => storage.forgetAbandonedUploads(),
    /** Removes cards a newer version of their subject replaced over an hour ago; returns how many. */
    forgetSupersededCards: (): Promise<number> => storage.forgetSupersededCards(),
    /** Resolves when the background work due so far (resizing) is done. */
    whenIdle: (): Promise<void> => storage.whenIdle(),
  };
}

export type MediaService = ReturnType<typeof mediaService>;
