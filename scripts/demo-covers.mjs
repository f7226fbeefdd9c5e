#!/usr/bin/env node
/**
 * Draws the demo content's covers: one illustration per demo post or
 * resource, all in one style (a two-ink print on paper: the site's ink
 * green and one colour per cover, a sun or stage disc behind the subject,
 * a dotted screen, one outline weight), written as 1200×675 WebP (what
 * pages and social networks show) and as the SVG it is drawn from (sites
 * seeded before the WebP covers still point at the SVG addresses).
 *
 *   node scripts/demo-covers.mjs
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 675;
const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images', 'demo');

/** The style's inks: paper, the site's ink green, and one colour per cover. */
const PAPER = '#f4efe6';
const INK = '#0f2e25';
const INKS = {
  sun: '#f2c14e',
  clay: '#d9643a',
  sage: '#8fb59a',
  sky: '#9cc3d5',
  rose: '#e58f8a',
};
/** Every outline is drawn with the same pen. */
const PEN = `stroke="${INK}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"`;

/**
 * The page every cover is printed on: paper, the disc behind the subject in
 * the cover's colour under a dotted screen, and the ground it stands on.
 */
function sheet(color, { discX = 760, discY = 300, discR = 230, groundY = 560 } = {}) {
  return `
  <defs>
    <pattern id="dots" width="14" height="14" patternUnits="userSpaceOnUse">
      <circle cx="7" cy="7" r="2.4" fill="${INK}" fill-opacity="0.16"/>
    </pattern>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="${PAPER}"/>
  <circle cx="${discX}" cy="${discY}" r="${discR}" fill="${color}"/>
  <circle cx="${discX}" cy="${discY}" r="${discR}" fill="url(#dots)"/>
  <path d="M0 ${groundY} C 300 ${groundY - 24} 900 ${groundY + 24} ${WIDTH} ${groundY - 8} V ${HEIGHT} H 0 Z" fill="${INK}"/>`;
}

/** A few short marks in the margin, the print's signature. */
const marks = (x, y, color) =>
  `<g ${PEN} fill="none"><path d="M${x} ${y} h36 M${x + 8} ${y + 22} h28"/><circle cx="${x + 70}" cy="${y + 10}" r="9" fill="${color}"/></g>`;

const COVERS = {
  'solar-backpack': () => `
  ${sheet(INKS.sun, { discX: 820, discY: 250 })}
  <path d="M60 560 L260 400 L380 480 L520 360 L700 560 Z" fill="${INKS.sage}" ${PEN}/>
  <g transform="translate(520 170)">
    <path d="M60 0 h140 a40 40 0 0 1 40 40 v20 h-220 v-20 a40 40 0 0 1 40 -40 Z" fill="none" ${PEN}/>
    <rect x="0" y="50" width="260" height="330" rx="50" fill="${INKS.clay}" ${PEN}/>
    <path d="M0 140 h260" ${PEN}/>
    <rect x="50" y="210" width="160" height="120" rx="20" fill="${PAPER}" ${PEN}/>
    <path d="M50 250 h160" ${PEN}/>
    <g transform="translate(-210 120) rotate(-14)">
      <rect width="170" height="220" rx="8" fill="${INKS.sky}" ${PEN}/>
      <path d="M57 0 V220 M113 0 V220 M0 73 H170 M0 147 H170" ${PEN}/>
      <path d="M170 110 l50 10" ${PEN}/>
    </g>
  </g>
  ${marks(90, 90, INKS.clay)}`,

  'tabletop-saga': () => `
  ${sheet(INKS.rose, { discX: 600, discY: 290, discR: 250 })}
  <g transform="translate(600 330) scale(1 0.6)">
    ${[[-1, -1], [0, -1], [1, -1], [-1.5, 0], [-0.5, 0], [0.5, 0], [1.5, 0], [-1, 1], [0, 1], [1, 1]]
      .map(([q, r], i) => {
        const x = q * 150;
        const y = r * 130;
        const fill = [INKS.sage, PAPER, INKS.sky, INKS.sun, INKS.sage, INKS.sky, PAPER, INKS.sun, INKS.sky, INKS.sage][i];
        const hex = Array.from({ length: 6 }, (_, k) => {
          const a = Math.PI / 6 + (k * Math.PI) / 3;
          return `${(x + Math.cos(a) * 86).toFixed(1)},${(y + Math.sin(a) * 86).toFixed(1)}`;
        }).join(' ');
        return `<polygon points="${hex}" fill="${fill}" ${PEN}/>`;
      })
      .join('')}
  </g>
  <g transform="translate(250 150) rotate(-10)">
    <rect width="150" height="210" rx="14" fill="${PAPER}" ${PEN}/>
    <path d="M75 60 L110 105 L75 150 L40 105 Z" fill="${INKS.clay}" ${PEN}/>
  </g>
  <g transform="translate(820 380) rotate(12)">
    <rect width="110" height="110" rx="20" fill="${PAPER}" ${PEN}/>
    <circle cx="30" cy="30" r="9" fill="${INK}"/><circle cx="55" cy="55" r="9" fill="${INK}"/><circle cx="80" cy="80" r="9" fill="${INK}"/>
  </g>
  ${marks(1010, 90, INKS.sun)}`,

  'clean-water': () => `
  ${sheet(INKS.sky, { discX: 600, discY: 280, discR: 240 })}
  <g transform="translate(470 120)">
    <path d="M40 0 h180 l20 60 h-220 Z" fill="${PAPER}" ${PEN}/>
    <rect x="10" y="60" width="240" height="300" rx="30" fill="${PAPER}" ${PEN}/>
    <path d="M10 200 h240 V330 a30 30 0 0 1 -30 30 H40 a30 30 0 0 1 -30 -30 Z" fill="${INKS.sky}" ${PEN}/>
    <path d="M50 200 c20 -12 40 12 60 0 s40 12 60 0 s40 12 60 0" fill="none" ${PEN}/>
    <path d="M250 300 h40 v30" fill="none" ${PEN}/>
    <path d="M290 350 q-8 16 0 22 q8 -6 0 -22 Z" fill="${INKS.sky}" ${PEN}/>
  </g>
  <g transform="translate(800 420)">
    <path d="M0 0 h90 l-12 120 h-66 Z" fill="${PAPER}" ${PEN}/>
    <path d="M6 50 h78 l-7 70 h-64 Z" fill="${INKS.sky}"/>
    <path d="M0 0 h90 l-12 120 h-66 Z" fill="none" ${PEN}/>
  </g>
  <g transform="translate(240 170)">
    <path d="M60 0 C 60 0 0 80 0 120 a60 60 0 0 0 120 0 C 120 80 60 0 60 0 Z" fill="${INKS.sky}" ${PEN}/>
    <path d="M30 120 a30 30 0 0 0 30 30" fill="none" ${PEN}/>
  </g>
  ${marks(980, 90, INKS.sun)}`,

  'espresso-grinder': () => `
  ${sheet(INKS.clay, { discX: 560, discY: 300, discR: 240 })}
  <g transform="translate(440 90)">
    <path d="M40 0 h160 l-30 120 h-100 Z" fill="${PAPER}" ${PEN}/>
    <path d="M58 50 h124" ${PEN}/>
    <circle cx="95" cy="80" r="8" fill="${INK}"/><circle cx="130" cy="95" r="8" fill="${INK}"/><circle cx="115" cy="70" r="7" fill="${INK}"/>
    <rect x="20" y="120" width="200" height="260" rx="26" fill="${INKS.sun}" ${PEN}/>
    <circle cx="120" cy="220" r="46" fill="${PAPER}" ${PEN}/>
    <circle cx="120" cy="220" r="14" fill="${INK}"/>
    <path d="M60 380 v60 M180 380 v60 M30 440 h180" ${PEN}/>
  </g>
  <g transform="translate(760 430)">
    <path d="M0 0 h110 v50 a55 55 0 0 1 -110 0 Z" fill="${PAPER}" ${PEN}/>
    <path d="M110 15 h20 a18 18 0 0 1 0 36 h-20" fill="none" ${PEN}/>
    <path d="M30 -30 q12 -16 0 -32 M60 -30 q12 -16 0 -32 M90 -30 q12 -16 0 -32" fill="none" ${PEN}/>
  </g>
  <g transform="translate(170 470) rotate(-24)">
    <rect width="170" height="34" rx="17" fill="${INKS.sage}" ${PEN}/>
    <path d="M170 17 h120" ${PEN}/>
  </g>
  ${marks(960, 100, INKS.sun)}`,

  'indie-film': () => `
  ${sheet(INKS.sun, { discX: 420, discY: 260, discR: 220, groundY: 590 })}
  <path d="M120 590 C 250 470 520 450 680 590 Z" fill="${INKS.sage}" ${PEN}/>
  <g transform="translate(370 170)">
    <path d="M20 60 h80 l20 320 h-120 Z" fill="${PAPER}" ${PEN}/>
    <path d="M8 170 h104 M2 270 h116" ${PEN}/>
    <path d="M8 170 h104 l4 100 h-112 Z" fill="${INKS.clay}" ${PEN}/>
    <rect x="15" y="0" width="90" height="60" rx="6" fill="${INKS.sun}" ${PEN}/>
    <path d="M5 0 h110 l-55 -40 Z" fill="${INKS.clay}" ${PEN}/>
  </g>
  <path d="M490 200 L1150 90 L1150 300 Z" fill="${INKS.sun}" fill-opacity="0.55"/>
  <g transform="translate(820 420)">
    <rect width="280" height="90" rx="8" fill="${PAPER}" ${PEN}/>
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${16 + i * 38}" y="10" width="20" height="14" rx="3" fill="${INK}"/><rect x="${16 + i * 38}" y="66" width="20" height="14" rx="3" fill="${INK}"/>`).join('')}
  </g>
  ${marks(960, 110, INKS.clay)}`,

  'modular-keyboard': () => `
  ${sheet(INKS.sage, { discX: 600, discY: 300, discR: 250 })}
  <g transform="translate(250 210) rotate(-6)">
    <rect width="700" height="270" rx="30" fill="${PAPER}" ${PEN}/>
    ${Array.from({ length: 4 }, (_, row) =>
      Array.from({ length: 10 }, (_, col) => {
        const accent = (row === 0 && col === 0) || (row === 3 && col > 2 && col < 7);
        const fill = accent ? INKS.clay : (row + col) % 5 === 0 ? INKS.sun : PAPER;
        if (row === 3 && col > 3 && col < 7) return '';
        const width = row === 3 && col === 3 ? 242 : 54;
        return `<rect x="${30 + col * 64}" y="${28 + row * 58}" width="${width}" height="46" rx="10" fill="${fill}" ${PEN}/>`;
      }).join(''),
    ).join('')}
  </g>
  <g transform="translate(880 130) rotate(14)">
    <rect width="120" height="120" rx="18" fill="${INKS.sun}" ${PEN}/>
    <rect x="26" y="26" width="68" height="68" rx="12" fill="${PAPER}" ${PEN}/>
  </g>
  ${marks(110, 100, INKS.clay)}`,

  'urban-garden': () => `
  ${sheet(INKS.sage, { discX: 780, discY: 250, discR: 220 })}
  <g transform="translate(180 120)">
    <rect width="260" height="440" fill="${PAPER}" ${PEN}/>
    <path d="M0 110 h260 M0 220 h260 M0 330 h260 M130 0 v440" ${PEN}/>
  </g>
  <path d="M120 470 H1080 M120 540 H1080" ${PEN}/>
  ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `<path d="M${150 + i * 80} 470 V560" ${PEN}/>`).join('')}
  ${[[520, INKS.clay], [720, INKS.sun], [920, INKS.clay]]
    .map(
      ([x, color]) => `
  <g transform="translate(${x} 360)">
    <path d="M0 0 h150 l-16 110 h-118 Z" fill="${color}" ${PEN}/>
    <path d="M75 0 V-110" ${PEN}/>
    <path d="M75 -40 C 20 -50 10 -100 20 -120 C 60 -110 80 -80 75 -40 Z" fill="${INKS.sage}" ${PEN}/>
    <path d="M75 -70 C 130 -80 140 -130 130 -150 C 90 -140 70 -110 75 -70 Z" fill="${INKS.sage}" ${PEN}/>
    <circle cx="75" cy="-118" r="16" fill="${INKS.rose}" ${PEN}/>
  </g>`,
    )
    .join('')}
  ${marks(980, 80, INKS.sun)}`,

  'campaign-guide': () => `
  ${sheet(INKS.sky, { discX: 620, discY: 300, discR: 240 })}
  <g transform="translate(380 110)">
    <rect width="440" height="400" rx="24" fill="${PAPER}" ${PEN}/>
    <path d="M0 90 h440" ${PEN}/>
    <rect width="440" height="90" rx="24" fill="${INKS.clay}" ${PEN}/>
    <path d="M100 -20 v50 M340 -20 v50" ${PEN}/>
    ${Array.from({ length: 3 }, (_, row) =>
      Array.from({ length: 4 }, (_, col) => {
        const x = 30 + col * 100;
        const y = 120 + row * 90;
        const done = row * 4 + col < 6;
        return `<rect x="${x}" y="${y}" width="80" height="70" rx="10" fill="${done ? INKS.sun : PAPER}" ${PEN}/>${done ? `<path d="M${x + 20} ${y + 36} l14 14 l26 -28" fill="none" ${PEN}/>` : ''}`;
      }).join(''),
    ).join('')}
  </g>
  ${marks(120, 100, INKS.clay)}`,

  'fees-explained': () => {
    const coin = (x, y, color) =>
      `<ellipse cx="${x}" cy="${y + 16}" rx="70" ry="22" fill="${color}" ${PEN}/><path d="M${x - 70} ${y} v16 M${x + 70} ${y} v16" ${PEN}/><ellipse cx="${x}" cy="${y}" rx="70" ry="22" fill="${color}" ${PEN}/>`;
    return `
  ${sheet(INKS.sun, { discX: 760, discY: 280, discR: 230 })}
  <g>${[0, 1, 2, 3, 4].map((i) => coin(330, 500 - i * 34, i % 2 ? INKS.sun : PAPER)).join('')}</g>
  <g>${[0, 1, 2].map((i) => coin(500, 510 - i * 34, i % 2 ? PAPER : INKS.sun)).join('')}</g>
  <g transform="translate(680 150)">
    <circle cx="60" cy="60" r="50" fill="${PAPER}" ${PEN}/>
    <circle cx="200" cy="240" r="50" fill="${PAPER}" ${PEN}/>
    <path d="M220 20 L40 280" stroke="${INK}" stroke-width="26" stroke-linecap="round"/>
  </g>
  ${marks(110, 100, INKS.clay)}`;
  },

  'press-kit': () => `
  ${sheet(INKS.rose, { discX: 640, discY: 290, discR: 240 })}
  <g transform="translate(330 140) rotate(-5)">
    <path d="M0 30 h150 l30 -30 h240 v380 h-420 Z" fill="${INKS.clay}" ${PEN}/>
  </g>
  <g transform="translate(380 170) rotate(3)">
    <rect width="380" height="330" rx="10" fill="${PAPER}" ${PEN}/>
    <rect x="28" y="28" width="324" height="40" rx="6" fill="${INK}"/>
    <rect x="28" y="92" width="150" height="120" rx="6" fill="${INKS.sky}" ${PEN}/>
    <circle cx="80" cy="135" r="18" fill="${INKS.sun}" ${PEN}/>
    ${[0, 1, 2, 3].map((i) => `<path d="M204 ${104 + i * 30} h${i % 2 ? 110 : 148}" ${PEN}/>`).join('')}
    ${[0, 1, 2].map((i) => `<path d="M28 ${246 + i * 30} h${[324, 280, 190][i]}" ${PEN}/>`).join('')}
  </g>
  <g transform="translate(860 360) rotate(-10)">
    <rect width="170" height="120" rx="18" fill="${INKS.sun}" ${PEN}/>
    <circle cx="85" cy="62" r="36" fill="${PAPER}" ${PEN}/>
    <rect x="20" y="-20" width="50" height="24" rx="6" fill="${INKS.sun}" ${PEN}/>
  </g>
  ${marks(110, 100, INKS.sun)}`,
};

const svgOf = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}\n</svg>\n`;

await mkdir(OUT_DIR, { recursive: true });
for (const [name, draw] of Object.entries(COVERS)) {
  const svg = svgOf(draw());
  const webp = await sharp(Buffer.from(svg)).resize(WIDTH, HEIGHT).webp({ quality: 80 }).toBuffer();
  await writeFile(path.join(OUT_DIR, `${name}.svg`), svg);
  await writeFile(path.join(OUT_DIR, `${name}.webp`), webp);
  console.log(`${name}.webp ${Math.round(webp.length / 1024)} KB`);
}
