/**
 * The S3 driver (S3_BUCKET set): any S3-compatible store, through the AWS
 * SDK v3. Browsers PUT straight to the bucket with a presigned URL whose
 * signature covers the key, the content type and the length, so the store
 * itself refuses anything else. Credentials come from the SDK's usual chain.
 */
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import type { CappedRead, ReadOptions, ReadResult, StorageDriver, UploadTarget } from './driver.ts';

export interface S3DriverOptions {
  bucket: string;
  region?: string | undefined;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** S3_PUBLIC_URL: where reads are redirected; unset, this server streams them. */
  publicUrl?: string | undefined;
  ttlSeconds: number;
}

/** A stored object, read whole for the checks after an upload. */
export interface FetchedObject {
  contentType: string | undefined;
  size: number;
  /** Null when the object is larger than asked for (it was not downloaded). */
  bytes: Uint8Array | null;
}

type Sdk = typeof S3Sdk;
type Presigner = typeof S3Presigner;

export class S3Driver implements StorageDriver {
  readonly kind = 's3';
  private loaded: Promise<{ sdk: Sdk; presigner: Presigner; client: S3Sdk.S3Client }> | undefined;

  constructor(private readonly options: S3DriverOptions) {}

  // Loaded on first use: a site on local disk never loads the SDK.
  private load() {
    this.loaded ??= (async () => {
      const [sdk, presigner] = await Promise.all([
        import('@aws-sdk/client-s3'),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const client = new sdk.S3Client({
        ...(this.options.region ? { region: this.options.region } : {}),
        ...(this.options.endpoint ? { endpoint: this.options.endpoint } : {}),
        forcePathStyle: this.options.forcePathStyle,
        // By default the SDK adds a CRC32 of the (empty) body to presigned
        // PUT URLs, and the store then refuses every real upload.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { sdk, presigner, client };
    })();
    return this.loaded;
  }

  async createUploadUrl(target: UploadTarget): Promise<string> {
    const { sdk, presigner, client } = await this.load();
    const command = new sdk.PutObjectCommand({
      Bucket: this.options.bucket,
      Key: target.key,
      ContentType: target.contentType,
      ...(target.size === null ? {} : { ContentLength: target.size }),
    });
    // Content-Length is signed whenever it is given; Content-Type only when asked.
    return presigner.getSignedUrl(client, command, {
      expiresIn: this.options.ttlSeconds,
      signableHeaders: new Set(['content-type']),
    });
  }

  async read(key: string, options: ReadOptions = {}): Promise<ReadResult | null> {
    const { sdk, client } = await this.load();
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Range: options.range,
          IfNoneMatch: options.ifNoneMatch,
        }),
      );
      if (!object.Body) return null;
      const body = object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      const partial = object.$metadata.httpStatusCode === 206;
      return {
        status: partial ? 206 : 200,
        body,
        length: object.ContentLength ?? 0,
        etag: object.ETag,
        contentRange: partial ? object.ContentRange : undefined,
      };
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return { status: 304, etag: undefined };
      if (status === 404) return null;
      if (status === 416) return { status: 416, contentRange: undefined };
      throw error;
    }
  }

  /** The object and its stored type and size; its bytes only up to `maxBytes`. */
  async fetchObject(key: string, maxBytes: number): Promise<FetchedObject | null> {
    const { sdk, client } = await this.load();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      const size = object.ContentLength ?? 0;
      if (!object.Body) return null;
      if (size > maxBytes) {
        await object.Body.transformToWebStream().cancel();
        return { contentType: object.ContentType, size, bytes: null };
      }
      const bytes = await object.Body.transformToByteArray();
      return { contentType: object.ContentType, size: bytes.length, bytes: bytes.length > maxBytes ? null : bytes };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async readBytes(key: string): Promise<Uint8Array | null> {
    const object = await this.fetchObject(key, Number.MAX_SAFE_INTEGER);
    return object?.bytes ?? null;
  }

  async readUpTo(key: string, maxBytes: number): Promise<CappedRead | null> {
    const object = await this.fetchObject(key, maxBytes);
    if (!object) return null;
    return object.bytes ? { status: 'read', bytes: object.bytes } : { status: 'too_large', size: object.size };
  }

  async write(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const { sdk, client } = await this.load();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.load();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  publicUrl(key: string): string | null {
    if (!this.options.publicUrl) return null;
    return `${this.options.publicUrl.replace(/\/+$/, '')}/${key}`;
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { $metadata, name } = error as { $metadata?: { httpStatusCode?: number }; name?: string };
  if (name === 'NoSuchKey' || name === 'NotFound') return 404;
  return $metadata?.httpStatusCode;
}
