/**
 * Image uploads from start to finish, whichever driver stores them:
 * hand out an upload address (and record the upload), receive and check
 * the file (local driver) or check it on its first read (S3, where the
 * browser uploads straight to the bucket), clean it (SVG scripts, photo
 * metadata), then make resized copies in the background.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  EXTENSION_BY_IMAGE_TYPE,
  IMAGE_VARIANT_WIDTHS,
  imageVariantKey,
  mailImageKey,
  parseStoredFileName,
  RASTER_EXTENSIONS,
  type ImageExtension,
} from '../../common/media-keys.ts';
import {
  isAllowedImageType,
  MAX_UPLOAD_BYTES,
  type ImageType,
  type MediaUploadRequest,
  type MediaUploadUrl,
} from '../../common/schemas/media.ts';
import type { Config } from '../config.ts';
import { nowSeconds } from '../db/database.ts';
import {
  deletePendingMedia,
  findMediaByKey,
  insertMedia,
  listPendingMedia,
  markMediaReady,
  markMediaRejected,
  setMediaVariantWidths,
} from '../db/queries/media.ts';
import { forgetStoredCard, listSupersededCards, recordStoredCard } from '../db/queries/social-cards.ts';
import type { Database, MediaRow } from '../db/schema.ts';
import { DomainError } from '../../common/errors.ts';
import { ModuleLoadError } from '../lazy-module.ts';
import { withoutPrivateMetadata } from './image-metadata.ts';
import { bytesMatchImageType, SNIFF_BYTES } from './image-type.ts';
import { createUploadKey } from './keys.ts';
import { fileTooLarge, isOutOfSpace, LocalDriver, outOfSpace, type ReceivedUpload } from './local.ts';
import { S3Driver } from './s3.ts';
import { sanitiseSvg } from './svg.ts';
import { deriveUploadTokenKey, verifyUploadToken } from './upload-token.ts';
import { mailCopy, resizeImage } from './variants.ts';
import type { JobKind, Jobs } from '../jobs/jobs.ts';
import type { CappedRead } from './driver.ts';

/** A rendered card is a few hundred KB; anything far larger under a card key is not one of ours. */
const MAX_CARD_BYTES = 8 * 1024 * 1024;

/** Where a rendered social card is kept: `cards/<version>.png`, the version being hex. */
function cardKey(version: string): string {
  if (!/^[0-9a-f]{8,64}$/.test(version)) throw new Error(`not a card version: ${version}`);
  return `cards/${version}.png`;
}

/** How long a replaced card is kept once its successor is stored: longer than any drawing takes. */
const SUPERSEDED_CARD_GRACE_SECONDS = 60 * 60;
const SUPERSEDED_CARD_BATCH = 100;

export interface MediaStorageDeps {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  signingKey: Uint8Array;
  /** Durable background work: the resized copies are a job. */
  jobs: Jobs;
}

/**
 * An upload still pending this long after its address expired is abandoned:
 * far longer than any request may run (a PUT begun just before expiry).
 */
const ABANDONED_AFTER_SECONDS = 60 * 60;
const ABANDONED_BATCH = 100;

const SVG = 'image/svg+xml' satisfies ImageType;
type RasterType = Exclude<ImageType, typeof SVG>;

/** `image/PNG; charset=x` → `image/png`. */
const bareType = (value: string | undefined | null) => (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export class MediaStorage {
  readonly driver: LocalDriver | S3Driver;
  private readonly tokenKey: Uint8Array;
  /** The resized copies of an upload, made in the background: a job kind the start-up registers. */
  readonly variantsJob: JobKind<{ key: string }>;
  /** S3 uploads being checked by this process, so one read does the work for all. */
  private readonly checking = new Map<string, Promise<MediaRow | null>>();
  /** Copies for mail being made by this process, so a newsletter's readers opening it at once make one. */
  private readonly makingMailCopies = new Map<string, Promise<boolean>>();
  /** Copies for mail known to exist, so a redirect to the bucket does not ask it each time; emptied when full. */
  private readonly knownMailCopies = new Set<string>();

  constructor(private readonly deps: MediaStorageDeps) {
    const { config } = deps;
    this.tokenKey = deriveUploadTokenKey(deps.signingKey);
    this.variantsJob = {
      name: 'media-variants',
      // A copy that cannot be made after this many tries is given up: the
      // original is served in its place, as before it existed.
      maxAttempts: 5,
      run: ({ key }) => this.makeVariants(key),
    };
    this.driver = config.S3_BUCKET
      ? new S3Driver({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
          publicUrl: config.S3_PUBLIC_URL,
          ttlSeconds: config.UPLOAD_URL_TTL_SECONDS,
        })
      : new LocalDriver({
          dataDir: config.DATA_DIR,
          tokenKey: this.tokenKey,
          ttlSeconds: config.UPLOAD_URL_TTL_SECONDS,
          quotaBytes: config.UPLOAD_QUOTA_MB === undefined ? undefined : config.UPLOAD_QUOTA_MB * 1024 * 1024,
        });
  }

  /**
   * Records a new upload (state `pending`) and hands out its address. The
   * request has passed `findUploadProblem` already.
   */
  async startUpload(request: MediaUploadRequest, uploaderId: number, origin: string): Promise<MediaUploadUrl> {
    if (!isAllowedImageType(request.content_type)) throw new Error(`not an image type: ${request.content_type}`);
    // Refused before anything is recorded; checked again as the bytes arrive.
    if (this.driver.kind === 'local') await this.driver.checkRoomFor(request.file_size);
    const key = createUploadKey(request.file_name, request.content_type);
    await insertMedia(this.deps.db, {
      s3_key: key,
      content_type: request.content_type,
      file_size: request.file_size,
      original_name: request.file_name,
      uploaded_by: uploaderId,
    });
    const upload_url = await this.driver.createUploadUrl(
      { key, contentType: request.content_type, size: request.file_size },
      origin,
    );
    return { upload_url, s3_key: key, path: `/${key}` };
  }

  /**
   * Stores an image the site itself ships (a demo cover) as an upload:
   * recorded, written, ready at once and its resized copies enqueued, as an
   * upload that passed its checks. Its key. A failed write leaves a pending
   * row, forgotten like any upload that never arrived.
   */
  async importImage(fileName: string, contentType: ImageType, bytes: Uint8Array): Promise<string> {
    const key = createUploadKey(fileName, contentType);
    await insertMedia(this.deps.db, {
      s3_key: key,
      content_type: contentType,
      file_size: bytes.length,
      original_name: fileName,
      uploaded_by: null,
    });
    await this.driver.write(key, bytes, contentType);
    await this.markReady(key, bytes.length);
    return key;
  }

  /**
   * PUT /api/media/upload (local driver): the body goes to a temporary
   * file, limited to the signed size while it streams, and is moved into
   * place only when it is complete and really is the declared image type.
   */
  async acceptUpload(token: string | undefined, request: Request): Promise<void> {
    const driver = this.driver;
    if (driver.kind !== 'local') throw new DomainError('NOT_FOUND', 'Uploads go straight to the bucket');
    const grant = await verifyUploadToken(this.tokenKey, token);
    const media = await findMediaByKey(this.deps.db, grant.key);
    if (!media || !isAllowedImageType(grant.contentType)) {
      throw new DomainError('INVALID_UPLOAD_TOKEN',
        'This upload address is not valid. Please start the upload again.',
      );
    }
    if (media.state !== 'pending') throw new DomainError('UPLOAD_FAILED', 'This upload address was already used.', { kind: 'conflict' });
    const type = grant.contentType;

    // Checked before a byte is read, as S3 checks its signed headers.
    const sentType = bareType(request.headers.get('content-type'));
    if (sentType !== type) {
      throw new DomainError('INVALID_FILE_TYPE',
        `Invalid file type: ${sentType || 'none'}. This upload was started for ${type}.`,
      );
    }
    const maxBytes = grant.size ?? MAX_UPLOAD_BYTES;
    const declaredLength = Number(request.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declaredLength) && declaredLength > maxBytes) throw fileTooLarge(maxBytes, declaredLength);
    await driver.checkRoomFor(Number.isFinite(declaredLength) ? declaredLength : grant.size);

    const received = await driver.receive(request.body, maxBytes);
    let storedSize = received.size;
    try {
      if (received.size === 0) throw new DomainError('VALIDATION_FAILED', 'File size must be above 0');
      if (grant.size !== null && received.size !== grant.size) {
        throw new DomainError('UPLOAD_FAILED',
          `The upload was incomplete: ${received.size} of ${grant.size} bytes arrived. Please try again.`,
        );
      }
      if (!bytesMatchImageType(received.head, type)) throw notThatType(type);
      storedSize = await this.cleanReceived(driver, received, type);
      await driver.placeReceived(received, grant.key);
    } finally {
      await driver.discard(received);
    }
    await this.markReady(grant.key, storedSize);
  }

  /** Cleans a received file in place (before it is placed); its size then. */
  private async cleanReceived(driver: LocalDriver, received: ReceivedUpload, type: ImageType): Promise<number> {
    const clean = await cleanedCopy(await readFile(received.tempPath), type);
    if (!clean) return received.size;
    // A rewrite can come out larger than the file that was let in.
    if (clean.length > received.size) await driver.checkRoomFor(clean.length - received.size);
    await writeFile(received.tempPath, clean).catch((error: unknown) => {
      throw isOutOfSpace(error) ? outOfSpace() : error;
    });
    return clean.length;
  }

  /**
   * The media row of an upload that may be served, or null. An S3 upload
   * is checked on its first read (the browser uploaded it to the bucket
   * without this server seeing it): wrong size, type or bytes, and it is
   * deleted; an SVG is replaced by its sanitised copy.
   */
  async findServable(key: string): Promise<MediaRow | null> {
    const media = await findMediaByKey(this.deps.db, key);
    if (!media || media.state === 'rejected') return null;
    if (media.state === 'ready') return media;
    if (this.driver.kind !== 's3') return null;
    let check = this.checking.get(key);
    if (!check) {
      check = this.checkBucketUpload(this.driver, media).finally(() => this.checking.delete(key));
      this.checking.set(key, check);
    }
    return check;
  }

  private async checkBucketUpload(driver: S3Driver, media: MediaRow): Promise<MediaRow | null> {
    const key = media.s3_key;
    const type = media.content_type;
    if (!isAllowedImageType(type)) return null;
    const object = await driver.fetchObject(key, MAX_UPLOAD_BYTES);
    if (!object) return null; // not uploaded (yet)
    const bytes = object.bytes;
    let problem: string | null = null;
    let clean: Uint8Array | null = null;
    if (bytes === null) problem = `it is larger than ${MAX_UPLOAD_BYTES} bytes`;
    else if (bareType(object.contentType) !== type) problem = `it was stored as ${object.contentType ?? 'no type'}`;
    else if (!bytesMatchImageType(bytes.subarray(0, SNIFF_BYTES), type)) problem = `its bytes are not ${type}`;
    else {
      try {
        clean = await cleanedCopy(bytes, type);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        problem = error.message;
      }
      // The bucket holds the browser to the declared size; an object of
      // another size that needs no cleaning is the cleaned copy another
      // server stored while checking it at the same time, and stays.
      if (problem === null && clean !== null && media.file_size !== null && object.size !== media.file_size) {
        problem = `it has ${object.size} bytes, ${media.file_size} were declared`;
      }
    }
    if (problem !== null || bytes === null) {
      await driver.remove(key);
      await markMediaRejected(this.deps.db, key);
      this.deps.logger.warn({ key, problem }, 'upload rejected and deleted');
      return null;
    }
    if (clean !== null) await driver.write(key, clean, type);
    const stored = clean ?? bytes;
    await this.markReady(key, stored.length);
    return { ...media, state: 'ready', file_size: stored.length };
  }

  /**
   * Marks an upload ready and, for a raster image, enqueues its resized
   * copies in the same transaction: the job exists if and only if the
   * upload does, whichever server dies when.
   */
  private async markReady(key: string, size: number): Promise<void> {
    const extension = parseStoredFileName(key)?.extension;
    const isRaster = extension !== undefined && RASTER_EXTENSIONS.includes(extension);
    await this.deps.db.transaction().execute(async (trx) => {
      await markMediaReady(trx, key, size);
      if (isRaster) await this.deps.jobs.enqueue(trx, this.variantsJob, { key }, { dedupeKey: `media-variants:${key}` });
    });
    if (isRaster) this.deps.jobs.wake();
  }

  /** The resized copies of an upload (the `media-variants` job): safe to run again. */
  private async makeVariants(key: string): Promise<void> {
    const extension = parseStoredFileName(key)?.extension;
    const media = await findMediaByKey(this.deps.db, key);
    // Forgotten meanwhile, or not an image that has copies: nothing to do.
    if (!extension || !RASTER_EXTENSIONS.includes(extension) || media?.state !== 'ready') return;
    const original = await this.driver.readBytes(key);
    if (!original) throw new Error(`the upload ${key} could not be read`);
    const variants = await resizeImage(original, extension);
    for (const variant of variants) {
      await this.driver.write(imageVariantKey(key, variant.width), variant.bytes, 'image/webp');
    }
    await setMediaVariantWidths(
      this.deps.db,
      key,
      variants.map((variant) => variant.width),
    );
    await this.writeMailCopy(key, extension, original);
  }

  private async writeMailCopy(key: string, extension: ImageExtension, original: Uint8Array): Promise<void> {
    const copyKey = mailImageKey(key);
    if (!copyKey) return;
    const copy = await mailCopy(original, extension);
    await this.driver.write(copyKey, copy.bytes, copy.contentType);
  }

  /**
   * Makes sure a servable raster upload has its copy for mail, which is
   * made with its resized copies: an upload from before copies for mail
   * existed gets it on its first read. False when there is none to make.
   */
  async ensureMailCopy(key: string): Promise<boolean> {
    const copyKey = mailImageKey(key);
    const extension = parseStoredFileName(key)?.extension;
    if (!copyKey || !extension) return false;
    if (this.knownMailCopies.has(copyKey)) return true;
    let making = this.makingMailCopies.get(copyKey);
    if (!making) {
      making = (async () => {
        // A size limit of 0 answers whether the file exists without reading it.
        if ((await this.driver.readUpTo(copyKey, 0)) !== null) return true;
        const original = await this.driver.readBytes(key);
        if (!original) return false;
        await this.writeMailCopy(key, extension, original);
        return true;
      })().finally(() => this.makingMailCopies.delete(copyKey));
      this.makingMailCopies.set(copyKey, making);
    }
    const made = await making;
    if (made) {
      if (this.knownMailCopies.size >= 10_000) this.knownMailCopies.clear();
      this.knownMailCopies.add(copyKey);
    }
    return made;
  }

  /**
   * An upload's bytes to draw from (a social card's cover): only an upload
   * that may be served, named by its key (never a path), and only when it
   * has at most `maxBytes`. Null when there is no such upload.
   */
  async readUpload(key: string, maxBytes: number): Promise<CappedRead | null> {
    const stored = parseStoredFileName(key);
    if (!stored || stored.key !== key || !(await this.findServable(key))) return null;
    return this.driver.readUpTo(key, maxBytes);
  }

  /** A rendered social card kept under its version (a hash of what it shows); null when there is none. */
  async readCard(version: string): Promise<Uint8Array | null> {
    const read = await this.driver.readUpTo(cardKey(version), MAX_CARD_BYTES);
    return read?.status === 'read' ? read.bytes : null;
  }

  /**
   * Keeps a rendered social card for every server (the storage is shared,
   * the memory is not), and records it in the ledger under its subject
   * (`post:12`, `site`) so that once a newer version replaces it, it can go.
   */
  async storeCard(card: { version: string; subject: string }, png: Uint8Array): Promise<void> {
    await this.driver.write(cardKey(card.version), png, 'image/png');
    await recordStoredCard(this.deps.db, { version: card.version, subject: card.subject, storedAt: nowSeconds() });
  }

  /**
   * Removes the cards a newer version of the same subject replaced at least
   * an hour ago: every edit of a title, a cover or the site's name leaves one
   * behind. Safe with several servers: a page still naming an old version
   * is answered with the current card all the same, and a server that stores
   * a version again dates its row again, which keeps it. Returns how many
   * cards went.
   */
  async forgetSupersededCards(now = nowSeconds()): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const batch = await listSupersededCards(this.deps.db, now - SUPERSEDED_CARD_GRACE_SECONDS, SUPERSEDED_CARD_BATCH);
      let failed = 0;
      for (const card of batch) {
        try {
          await this.driver.remove(cardKey(card.version));
          if (await forgetStoredCard(this.deps.db, card)) forgotten += 1;
        } catch (error) {
          failed += 1;
          // One card the bucket will not delete must not hold up the rest; the next round tries again.
          this.deps.logger.warn({ err: error, version: card.version }, 'could not remove a superseded social card');
        }
      }
      // A batch that was full but removed nothing would come back unchanged.
      if (batch.length < SUPERSEDED_CARD_BATCH || failed === batch.length) return forgotten;
    }
  }

  /**
   * Uploads whose address expired long ago and that never arrived (the
   * browser closed, the PUT failed, the process died between storing the
   * file and recording it) are forgotten: the row goes, and any file the key
   * left behind. An S3 upload is first given its check, as its first read
   * would: the bytes may be in the bucket without anyone having asked for
   * them yet, and then they stay. Returns how many rows were deleted.
   */
  async forgetAbandonedUploads(now = nowSeconds()): Promise<number> {
    const createdBefore = now - this.deps.config.UPLOAD_URL_TTL_SECONDS - ABANDONED_AFTER_SECONDS;
    let forgotten = 0;
    let afterId = 0;
    for (;;) {
      const batch = await listPendingMedia(this.deps.db, { createdBefore, afterId, limit: ABANDONED_BATCH });
      for (const { id, s3_key: key } of batch) {
        afterId = id;
        try {
          if (await this.forgetIfAbandoned(key)) forgotten += 1;
        } catch (error) {
          // One upload the bucket will not answer for must not hold up the rest.
          this.deps.logger.warn({ err: error, key }, 'could not forget an abandoned upload');
        }
      }
      if (batch.length < ABANDONED_BATCH) return forgotten;
    }
  }

  private async forgetIfAbandoned(key: string): Promise<boolean> {
    if (this.driver.kind === 's3' && (await this.findServable(key))) return false;
    if (this.driver.kind === 'local') {
      for (const width of IMAGE_VARIANT_WIDTHS) await this.driver.remove(imageVariantKey(key, width));
      const copyKey = mailImageKey(key);
      if (copyKey) await this.driver.remove(copyKey);
      await this.driver.remove(key);
    }
    return deletePendingMedia(this.deps.db, key);
  }

  /** Resolves when the background work due so far (resizing) is done. */
  whenIdle(): Promise<void> {
    return this.deps.jobs.whenIdle();
  }
}

/**
 * The upload without anything that can run or tell on its author (SVG
 * scripts, photo metadata), or null when it is clean already. Throws the
 * DomainError its uploader is told when it cannot be read as its type, or is
 * too large once rewritten.
 */
async function cleanedCopy(bytes: Uint8Array, type: ImageType): Promise<Uint8Array | null> {
  if (type === SVG) {
    const text = new TextDecoder().decode(bytes);
    const clean = await sanitiseSvg(text);
    if (clean === null) throw notThatType(SVG);
    return clean === text ? null : new TextEncoder().encode(clean);
  }
  const clean = await withoutPrivateMetadata(bytes, EXTENSION_BY_IMAGE_TYPE[type]).catch((error: unknown) => {
    throw unreadableImage(type, error);
  });
  if (clean && clean.length > MAX_UPLOAD_BYTES) throw fileTooLarge(MAX_UPLOAD_BYTES, clean.length);
  return clean;
}

/** What a failed read of a raster upload tells the uploader. */
function unreadableImage(type: RasterType, error: unknown): Error {
  // sharp missing is the server's fault, not the file's: it must not be told as a bad image.
  if (error instanceof ModuleLoadError) return error;
  // sharp refuses images above about 268 megapixels (16383 × 16383) before decoding them.
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new DomainError('VALIDATION_FAILED', 'The image has too many pixels: at most 16383 × 16383 are accepted.');
  }
  return notThatType(type);
}

const notThatType = (type: ImageType) =>
  new DomainError('INVALID_FILE_TYPE',
    `Invalid file type: the file is not a valid ${type} image. Only image files are allowed.`,
  );
