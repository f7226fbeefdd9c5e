/**
 * A kept page whose script nonce changes on every answer, without rendering
 * or compressing it again. The page is held as the pieces between its nonce
 * occurrences; each piece is also deflated once on its own, ending on a byte
 * boundary, so a gzip answer is those pieces with the new nonce between them
 * as uncompressed ("stored") deflate blocks, plus a fresh checksum: a few
 * buffer copies instead of compressing the whole page per request.
 */
import { createHash } from 'node:crypto';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A piece this long is held once for every kept page that has it: the public
 * stylesheet every public page carries inline sits between two nonces (its
 * block's attribute and a comment closing it, app/root.tsx), the same bytes
 * on every page (decision 102). A page's own
 * long pieces (its body) are held once anyway; each is let go with the last
 * page holding it.
 */
const SHARED_PIECE_BYTES = 16 * 1024;
const sharedPieces = new Map<string, WeakRef<Buffer>>();
const forgetPiece = new FinalizationRegistry<string>((key) => {
  if (!sharedPieces.get(key)?.deref()) sharedPieces.delete(key);
});
/** The deflated copy of each shared piece, made once. */
const sharedDeflated = new WeakMap<Buffer, Buffer>();

/** The one copy of `piece` every kept page holding the same bytes shares, and whether another page held it already. */
function sharedCopy(piece: Buffer): { copy: Buffer; heldElsewhere: boolean } {
  const key = createHash('sha256').update(piece).digest('base64');
  const known = sharedPieces.get(key)?.deref();
  if (known) return { copy: known, heldElsewhere: true };
  const own = ownCopy(piece);
  sharedPieces.set(key, new WeakRef(own));
  forgetPiece.register(own, key);
  return { copy: own, heldElsewhere: false };
}

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
  /** The pieces held once for every page holding the same bytes (`sharedCopy`). */
  private readonly shared = new Set<Buffer>();
  /**
   * The copies another page made first (of a shared piece, or its deflated
   * form): counted against that page only, the first to hold them. An
   * estimate once that page is let go, of one copy per distinct piece.
   */
  private readonly heldElsewhere = new Set<Buffer>();
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
    if (!pieces.some((piece) => piece.length >= SHARED_PIECE_BYTES)) return;
    // The long pieces shared, the others copied together: nothing keeps the rendered body alive.
    const rest = Buffer.alloc(pieces.reduce((total, piece) => total + (piece.length >= SHARED_PIECE_BYTES ? 0 : piece.length), 0));
    let at = 0;
    this.pieces = pieces.map((piece) => {
      if (piece.length >= SHARED_PIECE_BYTES) {
        const { copy, heldElsewhere } = sharedCopy(piece);
        this.shared.add(copy);
        if (heldElsewhere) this.heldElsewhere.add(copy);
        return copy;
      }
      piece.copy(rest, at);
      at += piece.length;
      return rest.subarray(at - piece.length, at);
    });
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
   * stores), which is what the page cache's budget is about. A shared
   * piece counts for the first page that held it only.
   */
  get heldBytes(): number {
    const own = this.pieces.reduce((total, piece) => total + (this.heldElsewhere.has(piece) ? 0 : piece.length), 0);
    return (
      own +
      (this.deflatedPieces ?? []).reduce((total, { deflated }) => total + (this.heldElsewhere.has(deflated) ? 0 : deflated.buffer.byteLength), 0)
    );
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
    this.deflatedPieces ??= this.pieces.map((raw) => ({ raw, deflated: this.deflate(raw) }));
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

  /** A piece deflated on its own; a shared piece once for every page. */
  private deflate(raw: Buffer): Buffer {
    const known = this.shared.has(raw) ? sharedDeflated.get(raw) : undefined;
    if (known) {
      this.heldElsewhere.add(known);
      return known;
    }
    const deflated = ownCopy(deflateRawSync(raw, { level: 6, finishFlush: zlibConstants.Z_SYNC_FLUSH }));
    if (this.shared.has(raw)) sharedDeflated.set(raw, deflated);
    return deflated;
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
