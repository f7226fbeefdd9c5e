/**
 * The local driver (the default): files under DATA_DIR/uploads, named after
 * their keys (`uploads/2026/11/x.png` is DATA_DIR/uploads/2026/11/x.png).
 * Uploads arrive through this server (PUT /api/media/upload, see
 * upload-token.ts) into a temporary file and are moved into place only
 * once complete and checked, so a reader never sees half a file and a
 * failed upload leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatFileSize } from '../../common/schemas/media.ts';
import { DomainError } from '../../common/errors.ts';
import type { CappedRead, ReadOptions, ReadResult, StorageDriver, UploadTarget } from './driver.ts';
import { SNIFF_BYTES } from './image-type.ts';
import { signUploadToken } from './upload-token.ts';
import { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';

/** Where the local upload address points. */
export const LOCAL_UPLOAD_PATH = '/api/media/upload';

const TEMP_DIR_NAME = '.incoming';
/** A rendered social card's key (server/http/social-cards.ts): kept beside the uploads, not among them. */
const CARD_KEY = /^cards\/([0-9a-f]{8,64}\.png)$/;
/** Temporary files this old are left over from a crash; anything younger may be in use. */
const STALE_TEMP_FILE_MS = 24 * 60 * 60 * 1000;

/** An upload received into a temporary file, not yet in place. */
export interface ReceivedUpload {
  tempPath: string;
  size: number;
  /** The first bytes, for the type check. */
  head: Uint8Array;
}

export interface LocalDriverOptions {
  dataDir: string;
  tokenKey: Uint8Array;
  ttlSeconds: number;
  /** Most bytes the stored files may take together (UPLOAD_QUOTA_MB); unset, no limit. */
  quotaBytes?: number | undefined;
}

export class LocalDriver implements StorageDriver {
  readonly kind = 'local';
  /** DATA_DIR/uploads: the folder that `uploads/…` keys live in. */
  readonly root: string;
  /** DATA_DIR/cards: rendered social cards, outside the upload quota. */
  private readonly cardsRoot: string;
  private readonly tempDir: string;
  private sweep: Promise<void> | undefined;
  private dirsReady = false;
  /**
   * With a quota: the bytes of the files in place (counted once, then kept
   * up to date) and of the uploads being received, which hold their room
   * until they are placed or discarded so parallel uploads cannot overshoot.
   */
  private storedBytes: Promise<number> | undefined;
  private stored = 0;
  private receiving = 0;
  private readonly reservations = new WeakMap<ReceivedUpload, number>();

  constructor(private readonly options: LocalDriverOptions) {
    this.root = path.resolve(options.dataDir, 'uploads');
    this.cardsRoot = path.resolve(options.dataDir, 'cards');
    this.tempDir = path.join(this.root, TEMP_DIR_NAME);
  }

  async createUploadUrl(target: UploadTarget, origin: string): Promise<string> {
    const token = await signUploadToken(this.options.tokenKey, target, this.options.ttlSeconds);
    return `${origin}${LOCAL_UPLOAD_PATH}?token=${encodeURIComponent(token)}`;
  }

  /** The file of a key; keys are checked against their grammar before they get here. */
  pathOf(key: string): string {
    const card = CARD_KEY.exec(key)?.[1];
    if (card) return path.join(this.cardsRoot, card);
    const [first, ...rest] = key.split('/');
    if (first !== 'uploads' || rest.length === 0) throw new Error(`not an upload key: ${key}`);
    return path.join(this.root, ...rest);
  }

  async read(key: string, options: ReadOptions = {}): Promise<ReadResult | null> {
    const file = this.pathOf(key);
    let size: number;
    let mtimeMs: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      ({ size, mtimeMs } = info);
    } catch {
      return null;
    }
    // Files never change once in place, so size and time identify the bytes.
    const etag = `"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`;
    if (options.ifNoneMatch && etagMatches(options.ifNoneMatch, etag)) return { status: 304, etag };
    const range = options.range ? parseByteRange(options.range, size) : null;
    if (range === 'unsatisfiable') return { status: 416, contentRange: `bytes */${size}` };
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    if (!range) return { status: 200, body, length: size, etag };
    return { status: 206, body, length: end - start + 1, etag, contentRange: `bytes ${start}-${end}/${size}` };
  }

  async readBytes(key: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch {
      return null;
    }
  }

  async readUpTo(key: string, maxBytes: number): Promise<CappedRead | null> {
    let file;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch {
      return null;
    }
    try {
      // The size of the file opened: a key's file is only ever replaced whole (rename), never grown.
      const info = await file.stat();
      if (!info.isFile()) return null;
      if (info.size > maxBytes) return { status: 'too_large', size: info.size };
      const bytes = Buffer.alloc(info.size);
      const { bytesRead } = await file.read(bytes, 0, info.size, 0);
      return { status: 'read', bytes: bytes.subarray(0, bytesRead) };
    } finally {
      await file.close();
    }
  }

  /** Resized copies, cards and the like: never refused for the quota; copies of uploads are counted in it. */
  async write(key: string, bytes: Uint8Array): Promise<void> {
    const tempPath = await this.newTempPath();
    try {
      await writeFile(tempPath, bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      const file = this.pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      const replaced = await this.sizeOf(file);
      await rename(tempPath, file);
      if (!CARD_KEY.test(key)) this.countChange(bytes.length - replaced);
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    const size = await this.sizeOf(file);
    await rm(file, { force: true });
    if (!CARD_KEY.test(key)) this.countChange(-size);
  }

  /**
   * Refuses (507) an upload of `size` bytes (unknown: null) that would not
   * fit in the quota, before a byte of it is sent.
   */
  async checkRoomFor(size: number | null): Promise<void> {
    const quota = this.options.quotaBytes;
    if (quota === undefined) return;
    const used = (await this.countStored()) + this.receiving;
    if (used + (size ?? 1) > quota) throw overQuota(quota, used);
  }

  publicUrl(): null {
    return null;
  }

  /**
   * Streams a request body into a temporary file, refusing it (413) as soon
   * as it passes `maxBytes`; a body that fails or stops half-way (the
   * client went away) is a 400. Either way the temporary file is gone. The
   * caller must `discard` what it gets back once done with it.
   */
  async receive(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<ReceivedUpload> {
    const tempPath = await this.newTempPath();
    const quota = this.options.quotaBytes;
    if (quota !== undefined) await this.countStored();
    let size = 0;
    let reserved = 0;
    const headChunks: Buffer[] = [];
    let headSize = 0;
    const limit = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        size += chunk.length;
        if (size > maxBytes) {
          done(new UploadTooLarge());
          return;
        }
        if (quota !== undefined) {
          if (this.stored + this.receiving + chunk.length > quota) {
            done(new OverQuota(this.stored + this.receiving - reserved));
            return;
          }
          this.receiving += chunk.length;
          reserved += chunk.length;
        }
        if (headSize < SNIFF_BYTES) {
          headChunks.push(chunk.subarray(0, SNIFF_BYTES - headSize));
          headSize += Math.min(chunk.length, SNIFF_BYTES - headSize);
        }
        done(null, chunk);
      },
    });
    try {
      const source = body ? readableOf(body) : Readable.from([]);
      await pipeline(source, limit, createWriteStream(tempPath, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    } catch (error) {
      this.receiving -= reserved;
      await rm(tempPath, { force: true });
      // The rest of the body is read and dropped after the answer (server/http/unread-bodies.ts).
      if (error instanceof UploadTooLarge) throw fileTooLarge(maxBytes);
      if (error instanceof OverQuota && quota !== undefined) throw overQuota(quota, error.used);
      if (isOutOfSpace(error)) throw outOfSpace();
      throw new DomainError('UPLOAD_FAILED', 'The upload did not complete. Please try again.');
    }
    const received: ReceivedUpload = { tempPath, size, head: Buffer.concat(headChunks) };
    this.reservations.set(received, reserved);
    return received;
  }

  /**
   * Moves a received file to its key. Never replaces a file: a second upload
   * to the same key (the same address used twice at once) gets 409.
   */
  async placeReceived(received: ReceivedUpload, key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      // link() is atomic and, unlike rename(), fails when the name exists.
      await link(received.tempPath, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new DomainError('UPLOAD_FAILED', 'This upload address was already used.', { kind: 'conflict' });
      }
      if (isOutOfSpace(error)) throw outOfSpace();
      throw error;
    }
    this.countChange(await this.sizeOf(file));
  }

  async discard(received: ReceivedUpload): Promise<void> {
    this.receiving -= this.reservations.get(received) ?? 0;
    this.reservations.delete(received);
    await rm(received.tempPath, { force: true });
  }

  /** The bytes of the files in place, counted on first use. */
  private async countStored(): Promise<number> {
    this.storedBytes ??= totalFileSize(this.root, this.tempDir).then((total) => {
      this.stored += total;
      return total;
    });
    await this.storedBytes;
    return this.stored;
  }

  /** Until the first count the disk itself is the record. */
  private countChange(bytes: number): void {
    if (this.storedBytes) this.stored += bytes;
  }

  private async sizeOf(file: string): Promise<number> {
    return (await stat(file).catch(() => null))?.size ?? 0;
  }

  private async newTempPath(): Promise<string> {
    if (!this.dirsReady) {
      // Served by this server only, so owner-only like the rest of DATA_DIR
      // (files 0600, folders 0700); every write starts with a temporary file.
      for (const dir of [this.options.dataDir, this.root, this.tempDir]) ensurePrivateDir(dir);
      this.dirsReady = true;
    }
    await mkdir(this.tempDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    this.sweep ??= this.removeStaleTempFiles();
    return path.join(this.tempDir, `${randomBytes(12).toString('hex')}.part`);
  }

  /** Leftovers of a process that died mid-upload; swept once per start. */
  private async removeStaleTempFiles(): Promise<void> {
    const cutoff = Date.now() - STALE_TEMP_FILE_MS;
    for (const name of await readdir(this.tempDir).catch(() => [])) {
      const file = path.join(this.tempDir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }
}

/**
 * A request body as a Node stream. Stopped early, it releases the body
 * rather than cancelling it: a cancelled request body destroys its socket,
 * and the refusal would never reach the client (the server drops the rest
 * of the body instead). Releasing also ends a read still waiting for bytes.
 */
function readableOf(body: ReadableStream<Uint8Array>): Readable {
  const reader = body.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : value),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      reader.releaseLock();
      callback(error);
    },
  });
}

class UploadTooLarge extends Error {}

class OverQuota extends Error {
  constructor(readonly used: number) {
    super('over the upload quota');
  }
}

/** No room: the uploads have used up UPLOAD_QUOTA_MB. */
function overQuota(quota: number, used: number): DomainError {
  const left = Math.max(0, quota - used);
  return new DomainError(
    'UPLOAD_FAILED',
    `Not enough storage left for this file: uploads may take ${formatFileSize(quota)} in all and ${formatFileSize(left)} ${left === 1 ? 'is' : 'are'} left. Please contact the site administrator.`,
    { kind: 'storage_full' },
  );
}

/** The bytes of every file under `dir`, leaving out the folder `skip`. */
async function totalFileSize(dir: string, skip: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || file.startsWith(skip + path.sep)) continue;
    total += (await stat(file).catch(() => null))?.size ?? 0;
  }
  return total;
}

/** The disk (or the user's disk quota) is full. */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** No room: the file is fine, the server cannot keep it; retrying the same file will not help until room is made. */
export function outOfSpace(): DomainError {
  return new DomainError(
    'UPLOAD_FAILED',
    'The server has no room left to store this file. Please contact the site administrator.',
    { kind: 'storage_full' },
  );
}

/** 413 with SPEC.md's message; `size` is unknown while the body is still arriving. */
export function fileTooLarge(maxBytes: number, size?: number): DomainError {
  const sizeText = size === undefined ? `more than ${formatFileSize(maxBytes)}` : formatFileSize(size);
  return new DomainError('FILE_TOO_LARGE',
    `File too large: ${sizeText}. Maximum size is ${formatFileSize(maxBytes)}.`,
  );
}

/** True when an If-None-Match header names this entity tag (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * One byte range of a Range header (RFC 9110 14.1.2), as inclusive offsets.
 * Null means "send the whole file": no range, several ranges, or a header
 * this parser does not understand, all of which a server may ignore.
 */
export function parseByteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Number(match[2]);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}
