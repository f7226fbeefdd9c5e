/**
 * A kept page whose script nonce changes on every answer, without rendering
 * or compressing it again. The page is held as the pieces between its nonce
 * occurrences; each piece is also deflated once on its own, ending on a byte
 * boundary, so a gzip answer is those pieces with the new nonce between them
 * as uncompressed ("stored") deflate blocks, plus a fresh checksum: a few
 * buffer copies instead of compressing the whole page per request.
 */
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
// RFC 1951 3.2.4: an empty stored block marked final ends the stream.
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED_BLOCK = 0xffff;

/** An uncompressed, non-final deflate block holding `data` (the stream is byte-aligned before it). */
/**
 * zlib answers a short output as a view on its 16 KB output chunk; kept as
 * is, every piece of every kept page would hold a whole chunk. A copy of
 * its own (never from the shared pool) holds only its bytes.
 */
function ownCopy(view: Buffer): Buffer {
  const own = Buffer.alloc(view.length);
  view.copy(own);
  return own;
}

function storedBlock(data: Buffer): Buffer {
  if (data.length > MAX_STORED_BLOCK) throw new RangeError('a stored deflate block holds at most 65535 bytes');
  const block = Buffer.allocUnsafe(5 + data.length);
  block[0] = 0x00;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

export class NoncedBody {
  private readonly pieces: Buffer[];
  /** Each piece with its deflated copy, made on the first gzip answer. */
  private deflatedPieces: { raw: Buffer; deflated: Buffer }[] | undefined;

  /** `body` as rendered with `nonce`; every occurrence of the nonce is replaced on each answer. */
  constructor(body: Uint8Array, nonce: string) {
    // Cut as bytes: the nonce is ASCII, so no character is split, and the page is never decoded.
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const needle = Buffer.from(nonce, 'utf8');
    const pieces: Buffer[] = [];
    let from = 0;
    for (let at = bytes.indexOf(needle, from); at !== -1; at = bytes.indexOf(needle, from)) {
      pieces.push(bytes.subarray(from, at));
      from = at + needle.length;
    }
    pieces.push(bytes.subarray(from));
    this.pieces = pieces;
  }

  /** How many times the nonce occurs. */
  get occurrences(): number {
    return this.pieces.length - 1;
  }

  get byteLength(): number {
    return this.pieces.reduce((total, piece) => total + piece.length, 0);
  }

  /**
   * The bytes held: the pieces, plus their deflated copies once a gzip
   * answer was made, counted by the memory they keep alive (their backing
   * stores), which is what the page cache's budget is about.
   */
  get heldBytes(): number {
    return this.byteLength + (this.deflatedPieces ?? []).reduce((total, { deflated }) => total + deflated.buffer.byteLength, 0);
  }

  /** The page with `placeholder` for each nonce: the same for every answer, so fit for an entity tag. */
  template(placeholder: string): Buffer {
    return this.join(Buffer.from(placeholder, 'utf8'));
  }

  /** The page with `nonce`, uncompressed. */
  withNonce(nonce: string): Buffer {
    return this.join(Buffer.from(nonce, 'utf8'));
  }

  /** The page with `nonce`, as a gzip member. */
  gzipWithNonce(nonce: string): Buffer {
    const nonceBytes = Buffer.from(nonce, 'utf8');
    // Sync-flushed, each piece ends byte-aligned and refers to nothing outside itself.
    this.deflatedPieces ??= this.pieces.map((raw) => ({
      raw,
      deflated: ownCopy(deflateRawSync(raw, { level: 6, finishFlush: zlibConstants.Z_SYNC_FLUSH })),
    }));
    const stored = storedBlock(nonceBytes);
    const parts: Buffer[] = [GZIP_HEADER];
    let checksum = 0;
    this.deflatedPieces.forEach(({ raw, deflated }, index) => {
      if (index > 0) {
        parts.push(stored);
        checksum = crc32(nonceBytes, checksum);
      }
      parts.push(deflated);
      // zlib answers its initial value, not `checksum`, for an empty buffer without storage.
      if (raw.length > 0) checksum = crc32(raw, checksum);
    });
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(checksum >>> 0, 0);
    trailer.writeUInt32LE((this.byteLength + this.occurrences * nonceBytes.length) % 2 ** 32, 4);
    parts.push(FINAL_EMPTY_BLOCK, trailer);
    return Buffer.concat(parts);
  }

  private join(separator: Buffer): Buffer {
    const parts: Buffer[] = [];
    this.pieces.forEach((piece, index) => {
      if (index > 0) parts.push(separator);
      parts.push(piece);
    });
    return Buffer.concat(parts);
  }
}
