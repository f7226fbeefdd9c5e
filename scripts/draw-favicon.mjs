// Draws public/favicon.ico from public/favicon.svg: the icon browsers and
// feed readers ask for by that name whatever a page links to. PNG images at
// 16, 32 and 48 pixels in an ICO directory, which every browser reads. Run
// it again after changing the SVG: `node scripts/draw-favicon.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const SIZES = [16, 32, 48];
const svg = readFileSync('public/favicon.svg');
// Drawn at four times the size, then reduced: smoother edges than drawing small.
const images = await Promise.all(
  SIZES.map((size) => sharp(svg, { density: (72 * size * 4) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()),
);

const header = Buffer.alloc(6);
header.writeUInt16LE(1, 2); // an icon, not a cursor
header.writeUInt16LE(SIZES.length, 4);
let offset = header.length + 16 * SIZES.length;
const entries = SIZES.map((size, index) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(images[index].length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += images[index].length;
  return entry;
});
writeFileSync('public/favicon.ico', Buffer.concat([header, ...entries, ...images]));
