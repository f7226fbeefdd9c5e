import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  uploadErrorMessage,
  uploadImage,
  UploadError,
  type CallApi,
  type UploadFile,
  type UploadState,
} from '../../app/lib/upload.ts';

// The back office's upload helper, sending with jsdom's XMLHttpRequest to a
// small HTTP server on 127.0.0.1 that answers like an upload address does.

interface ReceivedPut {
  contentType: string | undefined;
  bytes: Buffer;
}

let server: http.Server;
let origin: string;
let dom: JSDOM;
const received: ReceivedPut[] = [];
let hungRequests = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/put/hang') {
        hungRequests += 1;
        return;
      }
      if (request.url === '/put/drop') {
        request.socket.destroy();
        return;
      }
      received.push({ contentType: request.headers['content-type'], bytes: Buffer.concat(chunks) });
      response.writeHead(request.url === '/put/fail' ? 500 : 200);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dom = new JSDOM('', { url: `${origin}/admin/posts/new` });
});

afterAll(async () => {
  dom.window.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function pngFile(bytes: Uint8Array<ArrayBuffer> = PNG_BYTES, name = 'cover.png', type = 'image/png'): UploadFile {
  return new dom.window.File([bytes], name, { type }) as unknown as UploadFile;
}

/** An API client answering upload-url with an address on the test server. */
function apiAnswering(putPath: string, key = 'uploads/2026/11/0123456789abcdef01234567-cover.png') {
  const calls: { path: string; body: unknown }[] = [];
  const callApi: CallApi = async (path, init) => {
    calls.push({ path, body: init.body });
    return { upload_url: `${origin}${putPath}`, s3_key: key, path: `/${key}` };
  };
  return { callApi, calls };
}

function recordStates() {
  const states: UploadState[] = [];
  return { states, onStateChange: (state: UploadState) => states.push(state) };
}

const xhr = () => new dom.window.XMLHttpRequest();

async function failureOf(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof UploadError)) throw new Error(`expected an UploadError, got ${String(error)}`);
  return error;
}

describe('uploadImage', () => {
  it('asks for an address, PUTs the file with its type and resolves with the path to store, without a host', async () => {
    const { callApi, calls } = apiAnswering('/put/ok');
    const { states, onStateChange } = recordStates();
    received.length = 0;

    const url = await uploadImage(pngFile(), { callApi, onStateChange, createRequest: xhr });

    expect(url).toBe('/uploads/2026/11/0123456789abcdef01234567-cover.png');
    expect(calls).toEqual([
      {
        path: '/admin/media/upload-url',
        body: { fileName: 'cover.png', contentType: 'image/png', fileSize: PNG_BYTES.length },
      },
    ]);
    expect(received).toEqual([{ contentType: 'image/png', bytes: Buffer.from(PNG_BYTES) }]);
    expect(states).toEqual([
      { status: 'uploading', progress: 0 },
      { status: 'uploading', progress: 100 },
      { status: 'success', progress: 100, url },
    ]);
  });

  it('reports the percentage as the bytes go out, never going back', async () => {
    const { callApi } = apiAnswering('/put/ok');
    const { states, onStateChange } = recordStates();
    const events = [
      { loaded: 0, total: 400 },
      { loaded: 100, total: 400 },
      { loaded: 90, total: 400 },
      { loaded: 301, total: 400 },
      { loaded: 400, total: 400 },
    ];

    await uploadImage(pngFile(), { callApi, onStateChange, createRequest: () => scriptedRequest(events, 204) });

    expect(states.map((state) => `${state.status} ${state.progress}`)).toEqual([
      'uploading 0',
      'uploading 25',
      'uploading 75',
      'uploading 100',
      'success 100',
    ]);
  });

  it('refuses a type outside the six image types without asking the server', async () => {
    const { callApi, calls } = apiAnswering('/put/ok');
    const { states, onStateChange } = recordStates();

    const error = await failureOf(
      uploadImage(pngFile(PNG_BYTES, 'page.html', 'text/html'), { callApi, onStateChange, createRequest: xhr }),
    );

    expect(error.code).toBe('INVALID_FILE_TYPE');
    expect(error.message).toBe('Invalid file type: text/html. Only image files are allowed.');
    expect(calls).toEqual([]);
    expect(states).toEqual([{ status: 'failed', progress: 0, error }]);
  });

  it('refuses a file above 25 MB, and an empty file, without asking the server', async () => {
    const { callApi, calls } = apiAnswering('/put/ok');

    const tooLarge = await failureOf(
      uploadImage(pngFile(new Uint8Array(25 * 1024 * 1024 + 1)), { callApi, createRequest: xhr }),
    );
    const empty = await failureOf(uploadImage(pngFile(new Uint8Array(0)), { callApi, createRequest: xhr }));

    expect(tooLarge.code).toBe('FILE_TOO_LARGE');
    expect(tooLarge.message).toBe('File too large: 25.0 MB. Maximum size is 25 MB.');
    expect(empty.message).toBe('File size must be above 0');
    expect(calls).toEqual([]);
  });

  it("says it couldn't start when the upload address cannot be had", async () => {
    for (const callApi of [
      (async () => {
        throw new Error('HTTP 500');
      }) satisfies CallApi,
      (async () => ({ upload_url: 'not a url', s3_key: 'uploads/x.png' })) satisfies CallApi,
      (async () => ({})) satisfies CallApi,
    ]) {
      const { states, onStateChange } = recordStates();

      const error = await failureOf(uploadImage(pngFile(), { callApi, onStateChange, createRequest: xhr }));

      expect(error.code).toBe('PRESIGNED_URL_ERROR');
      expect(error.message).toBe("We couldn't start the upload. Please try again.");
      expect(states).toEqual([
        { status: 'uploading', progress: 0 },
        { status: 'failed', progress: 0, error },
      ]);
    }
  });

  it("keeps the server's own refusal and its message", async () => {
    const refusal = Object.assign(new Error('File too large: 30 MB. Maximum size is 25 MB.'), {
      code: 'FILE_TOO_LARGE',
    });
    const callApi: CallApi = async () => {
      throw refusal;
    };

    const error = await failureOf(uploadImage(pngFile(), { callApi, createRequest: xhr }));

    expect(error.code).toBe('FILE_TOO_LARGE');
    expect(error.message).toBe('File too large: 30 MB. Maximum size is 25 MB.');
  });

  it("fails with 'File upload failed' and progress back at 0 when the PUT is refused", async () => {
    const { callApi } = apiAnswering('/put/fail');
    const { states, onStateChange } = recordStates();

    const error = await failureOf(uploadImage(pngFile(), { callApi, onStateChange, createRequest: xhr }));

    expect(error.code).toBe('UPLOAD_FAILED');
    expect(error.message).toBe('File upload failed');
    expect(states.at(-2)).toEqual({ status: 'uploading', progress: 100 });
    expect(states.at(-1)).toEqual({ status: 'failed', progress: 0, error });
  });

  it('reports a network error when the connection drops', async () => {
    const { callApi } = apiAnswering('/put/drop');
    const { states, onStateChange } = recordStates();

    const error = await failureOf(uploadImage(pngFile(), { callApi, onStateChange, createRequest: xhr }));

    expect(error.code).toBe('UPLOAD_FAILED');
    expect(error.message).toBe('Network error while uploading. Please try again.');
    expect(states.at(-1)).toEqual({ status: 'failed', progress: 0, error });
  });

  it('cancels a running PUT when the signal aborts', async () => {
    const { callApi } = apiAnswering('/put/hang');
    const { states, onStateChange } = recordStates();
    const controller = new AbortController();
    const hungBefore = hungRequests;

    const upload = uploadImage(pngFile(), {
      callApi,
      onStateChange,
      signal: controller.signal,
      createRequest: xhr,
    });
    await waitFor(() => hungRequests > hungBefore);
    controller.abort();
    const error = await failureOf(upload);

    expect(error.code).toBe('UPLOAD_CANCELLED');
    expect(error.message).toBe('Upload cancelled by user.');
    expect(states.at(-1)).toEqual({ status: 'cancelled', progress: 0, error });
  });

  it('cancels while the address is being asked for, and never sends the file', async () => {
    let answer: (value: unknown) => void = () => {};
    const callApi: CallApi = () => new Promise((resolve) => (answer = resolve));
    const { states, onStateChange } = recordStates();
    const controller = new AbortController();
    let requestsMade = 0;

    const upload = uploadImage(pngFile(), {
      callApi,
      onStateChange,
      signal: controller.signal,
      createRequest: () => {
        requestsMade += 1;
        return xhr();
      },
    });
    controller.abort();
    const error = await failureOf(upload);
    answer({ upload_url: `${origin}/put/ok`, s3_key: 'uploads/x.png', path: '/uploads/x.png' });

    expect(error.code).toBe('UPLOAD_CANCELLED');
    expect(requestsMade).toBe(0);
    expect(states).toEqual([
      { status: 'uploading', progress: 0 },
      { status: 'cancelled', progress: 0, error },
    ]);
  });

  it('does nothing at all with a signal that already aborted', async () => {
    const { callApi, calls } = apiAnswering('/put/ok');
    const controller = new AbortController();
    controller.abort();

    const error = await failureOf(
      uploadImage(pngFile(), { callApi, signal: controller.signal, createRequest: xhr }),
    );

    expect(error.code).toBe('UPLOAD_CANCELLED');
    expect(calls).toEqual([]);
  });
});

describe('uploadErrorMessage', () => {
  it("gives an upload error's message, and SPEC.md's fallback for anything that is not an Error", () => {
    expect(uploadErrorMessage(new UploadError('UPLOAD_FAILED', 'File upload failed'))).toBe('File upload failed');
    expect(uploadErrorMessage('boom')).toBe('Failed to upload image.');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition never became true');
}

/**
 * An XMLHttpRequest stand-in that fires upload progress events with the
 * given byte counts, then answers `status`: jsdom reports progress only
 * once, when the body is sent.
 */
function scriptedRequest(events: { loaded: number; total: number }[], status: number): XMLHttpRequest {
  const upload = new EventTarget();
  const request = new EventTarget() as EventTarget & Record<string, unknown>;
  Object.assign(request, {
    upload,
    status: 0,
    open() {},
    setRequestHeader() {},
    abort() {
      request.dispatchEvent(new Event('abort'));
    },
    send() {
      setTimeout(() => {
        for (const { loaded, total } of events) {
          upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }));
        }
        request.status = status;
        request.dispatchEvent(new Event('load'));
      });
    },
  });
  return request as unknown as XMLHttpRequest;
}
