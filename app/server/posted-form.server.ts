/**
 * Reading a public form's post as the API reads a JSON body: text that is
 * not UTF-8 is refused rather than stored with U+FFFD in place of what was
 * sent. Browsers always send a page's forms as UTF-8, so only a hand-made
 * post meets the refusal.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

const isUtf8 = (bytes: Uint8Array): boolean => {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

const PERCENT = 0x25;
const PLUS = 0x2b;
const SPACE = 0x20;

const hexValue = (byte: number | undefined): number => {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
};

/**
 * The bytes an `application/x-www-form-urlencoded` body stands for, every
 * name and value one after the other. Checking them at once is enough: the
 * separators (`&`, `=`) are ASCII, and no UTF-8 sequence holds an ASCII byte,
 * so a field cut short stays invalid with what follows it.
 */
function percentDecoded(body: Uint8Array): Uint8Array {
  const decoded = new Uint8Array(body.length);
  let length = 0;
  for (let index = 0; index < body.length; index += 1) {
    const byte = body[index] as number;
    const high = byte === PERCENT ? hexValue(body[index + 1]) : -1;
    const low = high >= 0 ? hexValue(body[index + 2]) : -1;
    if (low >= 0) {
      decoded[length++] = high * 16 + low;
      index += 2;
    } else {
      decoded[length++] = byte === PLUS ? SPACE : byte;
    }
  }
  return decoded.subarray(0, length);
}

/**
 * The fields of a public form's post; null when its text is not UTF-8,
 * as raw bytes or percent-encoded in a URL-encoded body, or as raw bytes in
 * a multipart one (the public forms take no files, so every part is text).
 */
export async function readPostedForm(request: Request): Promise<FormData | null> {
  const contentType = request.headers.get('content-type') ?? '';
  const body = new Uint8Array(await request.arrayBuffer());
  const isUrlEncoded = /^application\/x-www-form-urlencoded\b/i.test(contentType);
  if (!isUtf8(isUrlEncoded ? percentDecoded(body) : body)) return null;
  return new Response(body, { headers: { 'content-type': contentType } }).formData();
}
