/**
 * A real S3-protocol server on 127.0.0.1 for the storage tests: s3rver,
 * behind a small front that checks presigned URLs the way S3 does.
 *
 * s3rver 3.x stores and serves objects faithfully and refuses expired
 * presigned URLs, but it does not verify version-4 signatures (its
 * authentication middleware says so), so on its own it would accept a PUT
 * with another content type or length than the one signed. The front
 * recomputes the signature of every presigned request from the headers it
 * actually carries, and checks a body checksum when the URL names one,
 * then passes the request on unchanged.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import S3rver from 's3rver';

/** s3rver's built-in account. */
export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** Address to give the app (S3_ENDPOINT): the checking front. */
  endpoint: string;
  bucket: string;
  close: () => Promise<void>;
}

export async function startS3Server(bucket = 'media'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'showcase-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const backend = await s3rver.run();

  const front = http.createServer((request, response) => {
    void handle(request, response, backend.port).catch((error: unknown) => {
      response.statusCode = 502;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    close: async () => {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, backendPort: number) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);

  const refusal = checkPresignedRequest(request, body);
  if (refusal) {
    response.writeHead(refusal.status, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`,
    );
    return;
  }

  await new Promise<void>((resolve, reject) => {
    const forwarded = http.request(
      { host: '127.0.0.1', port: backendPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('end', resolve);
      },
    );
    forwarded.on('error', reject);
    forwarded.end(body);
  });
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

/** AWS's URI encoding (RFC 3986 unreserved characters kept). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** Null when the request is not presigned or its signature and checksum hold. */
function checkPresignedRequest(request: IncomingMessage, body: Buffer): Refusal | null {
  const url = new URL(request.url ?? '/', 'http://placeholder');
  const query = url.searchParams;
  const signature = query.get('X-Amz-Signature');
  if (!signature) return null;

  const [, date = '', region = '', service = ''] = (query.get('X-Amz-Credential') ?? '').split('/');
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  const canonicalQuery = [...query]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    query.get('X-Amz-Date') ?? '',
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${S3_SECRET_ACCESS_KEY}`, date), region), service), 'aws4_request');
  if (hmac(signingKey, stringToSign).toString('hex') !== signature) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }

  const checksum = query.get('x-amz-checksum-crc32') ?? request.headers['x-amz-checksum-crc32'];
  if (typeof checksum === 'string') {
    const actual = Buffer.alloc(4);
    actual.writeUInt32BE(crc32(body));
    if (actual.toString('base64') !== checksum) {
      return {
        status: 400,
        code: 'BadDigest',
        message: 'The CRC32 you specified did not match the calculated checksum.',
      };
    }
  }
  return null;
}
