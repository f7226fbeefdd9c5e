#!/usr/bin/env node
/**
 * Draws the demo content's covers: one flat illustration per demo post or
 * resource, written as 1200×675 WebP (what pages and social networks show)
 * and as the SVG it is drawn from (sites seeded before the WebP covers
 * still point at the SVG addresses).
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

/** A two-stop diagonal background with soft light in one corner. */
function backdrop(from, to, glow = '#ffffff') {
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.8" cy="0.15" r="0.7">
      <stop offset="0" stop-color="${glow}" stop-opacity="0.22"/>
      <stop offset="1" stop-color="${glow}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>`;
}

/** A ground line the subject stands on. */
const ground = (y, color, opacity = 1) =>
  `<path d="M0 ${y} Q ${WIDTH / 2} ${y - 40} ${WIDTH} ${y} V ${HEIGHT} H 0 Z" fill="${color}" fill-opacity="${opacity}"/>`;

const sunRays = (cx, cy, inner, outer, count, color) =>
  Array.from({ length: count }, (_, i) => {
    const a = (i / count) * Math.PI * 2;
    const x1 = cx + Math.cos(a) * inner;
    const y1 = cy + Math.sin(a) * inner;
    const x2 = cx + Math.cos(a) * outer;
    const y2 = cy + Math.sin(a) * outer;
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${color}" stroke-width="10" stroke-linecap="round"/>`;
  }).join('');

const COVERS = {
  'solar-backpack': () => `
  ${backdrop('#0e7490', '#fbbf24', '#fef3c7')}
  <circle cx="930" cy="150" r="70" fill="#fde047"/>
  ${sunRays(930, 150, 95, 135, 12, '#fde047')}
  <path d="M0 520 L220 360 L380 470 L560 300 L800 520 Z" fill="#155e75" fill-opacity="0.55"/>
  ${ground(560, '#065f46')}
  <g transform="translate(470 200)">
    <rect x="30" y="-20" width="200" height="60" rx="30" fill="none" stroke="#7c2d12" stroke-width="18"/>
    <rect x="0" y="20" width="260" height="330" rx="48" fill="#ea580c"/>
    <rect x="0" y="20" width="260" height="90" rx="44" fill="#c2410c"/>
    <rect x="40" y="200" width="180" height="120" rx="22" fill="#c2410c"/>
    <rect x="40" y="190" width="180" height="20" rx="10" fill="#9a3412"/>
    <g transform="translate(-150 130) rotate(-18)">
      <rect width="150" height="200" rx="10" fill="#1e3a8a"/>
      <path d="M50 0 V200 M100 0 V200 M0 50 H150 M0 100 H150 M0 150 H150" stroke="#93c5fd" stroke-width="4" stroke-opacity="0.8"/>
    </g>
  </g>`,

  'tabletop-saga': () => `
  ${backdrop('#3b0764', '#be185d', '#f5d0fe')}
  <ellipse cx="600" cy="600" rx="620" ry="170" fill="#1e1b4b" fill-opacity="0.5"/>
  <g transform="translate(360 170) rotate(-12)">
    <rect width="190" height="270" rx="18" fill="#fdf4ff"/>
    <rect x="16" y="16" width="158" height="238" rx="12" fill="none" stroke="#a21caf" stroke-width="6"/>
    <path d="M95 80 L130 135 L95 190 L60 135 Z" fill="#a21caf"/>
  </g>
  <g transform="translate(470 150) rotate(8)">
    <rect width="190" height="270" rx="18" fill="#fef3c7"/>
    <rect x="16" y="16" width="158" height="238" rx="12" fill="none" stroke="#b45309" stroke-width="6"/>
    <circle cx="95" cy="135" r="42" fill="#b45309"/>
  </g>
  <g transform="translate(720 330) rotate(-10)">
    <rect width="160" height="160" rx="30" fill="#ffffff"/>
    <circle cx="45" cy="45" r="15" fill="#3b0764"/><circle cx="115" cy="45" r="15" fill="#3b0764"/>
    <circle cx="80" cy="80" r="15" fill="#3b0764"/>
    <circle cx="45" cy="115" r="15" fill="#3b0764"/><circle cx="115" cy="115" r="15" fill="#3b0764"/>
  </g>
  <g transform="translate(250 390) rotate(14)">
    <rect width="130" height="130" rx="26" fill="#f472b6"/>
    <circle cx="40" cy="40" r="13" fill="#ffffff"/><circle cx="90" cy="90" r="13" fill="#ffffff"/>
  </g>
  <g fill="#fde68a">
    <path d="M160 120 l8 22 22 8 -22 8 -8 22 -8 -22 -22 -8 22 -8 z"/>
    <path d="M1010 200 l6 16 16 6 -16 6 -6 16 -6 -16 -16 -6 16 -6 z"/>
    <path d="M980 520 l5 13 13 5 -13 5 -5 13 -5 -13 -13 -5 13 -5 z"/>
  </g>`,

  'clean-water': () => `
  ${backdrop('#e0f2fe', '#38bdf8', '#ffffff')}
  ${ground(540, '#15803d')}
  <g transform="translate(600 300)">
    <path d="M-150 -170 L0 -250 L150 -170 Z" fill="#7c2d12"/>
    <rect x="-120" y="-172" width="16" height="190" fill="#92400e"/>
    <rect x="104" y="-172" width="16" height="190" fill="#92400e"/>
    <line x1="-104" y1="-110" x2="104" y2="-110" stroke="#451a03" stroke-width="10"/>
    <line x1="0" y1="-110" x2="0" y2="-30" stroke="#451a03" stroke-width="4"/>
    <rect x="-30" y="-40" width="60" height="50" rx="8" fill="#0369a1"/>
    <ellipse cx="0" cy="20" rx="160" ry="36" fill="#a8a29e"/>
    <rect x="-160" y="20" width="320" height="180" fill="#a8a29e"/>
    <path d="M-160 80 H160 M-160 140 H160 M-80 20 V80 M60 20 V80 M-20 80 V140 M100 80 V140 M-110 140 V200 M40 140 V200" stroke="#78716c" stroke-width="6"/>
    <ellipse cx="0" cy="20" rx="130" ry="24" fill="#0c4a6e"/>
  </g>
  <g fill="#0284c7">
    <path d="M210 170 C210 170 150 250 150 290 A60 60 0 0 0 270 290 C270 250 210 170 210 170 Z"/>
    <path d="M1000 250 C1000 250 960 305 960 332 A40 40 0 0 0 1040 332 C1040 305 1000 250 1000 250 Z" fill-opacity="0.8"/>
    <path d="M320 380 C320 380 295 415 295 432 A25 25 0 0 0 345 432 C345 415 320 380 320 380 Z" fill-opacity="0.7"/>
  </g>
  <path d="M180 270 a30 30 0 0 0 20 40" stroke="#e0f2fe" stroke-width="10" fill="none" stroke-linecap="round"/>`,

  'espresso-grinder': () => `
  ${backdrop('#451a03', '#b45309', '#fde68a')}
  <rect x="0" y="530" width="${WIDTH}" height="145" fill="#292524"/>
  <rect x="0" y="520" width="${WIDTH}" height="16" fill="#57534e"/>
  <g transform="translate(380 120)">
    <path d="M30 0 H170 L140 120 H60 Z" fill="#fef3c7" fill-opacity="0.9"/>
    <path d="M48 40 H152 L136 110 H64 Z" fill="#78350f"/>
    <rect x="20" y="120" width="160" height="60" rx="10" fill="#1c1917"/>
    <rect x="0" y="180" width="200" height="220" rx="24" fill="#e7e5e4"/>
    <circle cx="100" cy="260" r="34" fill="#a8a29e"/><circle cx="100" cy="260" r="14" fill="#44403c"/>
    <rect x="60" y="330" width="80" height="70" rx="8" fill="#57534e"/>
    <rect x="-20" y="400" width="240" height="24" rx="8" fill="#1c1917"/>
  </g>
  <g transform="translate(700 380)">
    <path d="M0 20 H160 L145 140 Q140 150 125 150 H35 Q20 150 15 140 Z" fill="#fafaf9"/>
    <path d="M160 50 q50 0 45 40 q-5 35 -55 35" fill="none" stroke="#fafaf9" stroke-width="16"/>
    <ellipse cx="80" cy="20" rx="80" ry="14" fill="#7c2d12"/>
    <ellipse cx="80" cy="160" rx="120" ry="14" fill="#d6d3d1"/>
    <path d="M50 -20 q-20 -40 0 -80 M90 -20 q-20 -40 0 -80 M130 -20 q-20 -40 0 -80" stroke="#fef3c7" stroke-opacity="0.6" stroke-width="8" fill="none" stroke-linecap="round"/>
  </g>
  <g fill="#451a03">
    <ellipse cx="260" cy="500" rx="22" ry="15" transform="rotate(-30 260 500)"/>
    <ellipse cx="310" cy="515" rx="22" ry="15" transform="rotate(20 310 515)"/>
    <ellipse cx="960" cy="505" rx="22" ry="15" transform="rotate(-10 960 505)"/>
  </g>`,

  'indie-film': () => `
  ${backdrop('#020617', '#1e293b', '#fca5a5')}
  <path d="M780 0 L1200 0 L1200 675 L600 675 Z" fill="#facc15" fill-opacity="0.07"/>
  <g transform="translate(300 200)">
    <g transform="rotate(-14 0 80)">
      <rect x="0" y="0" width="380" height="70" rx="8" fill="#f8fafc"/>
      <path d="M30 0 L90 70 H150 L90 0 Z M150 0 L210 70 H270 L210 0 Z M270 0 L330 70 H380 V58 L330 0 Z" fill="#0f172a"/>
    </g>
    <rect x="0" y="90" width="380" height="240" rx="12" fill="#f8fafc"/>
    <rect x="0" y="90" width="380" height="70" rx="12" fill="#0f172a" stroke="#f8fafc" stroke-width="8"/>
    <path d="M30 90 L90 160 H150 L90 90 Z M150 90 L210 160 H270 L210 90 Z M270 90 L330 160 H372 L310 90 Z" fill="#f8fafc"/>
    <rect x="40" y="200" width="300" height="14" rx="7" fill="#cbd5e1"/>
    <rect x="40" y="240" width="200" height="14" rx="7" fill="#cbd5e1"/>
    <rect x="40" y="280" width="250" height="14" rx="7" fill="#cbd5e1"/>
  </g>
  <g transform="translate(880 300)">
    <circle r="150" fill="#ef4444"/>
    <circle r="26" fill="#020617"/>
    ${[0, 72, 144, 216, 288].map((a) => `<circle cx="${(Math.cos((a * Math.PI) / 180) * 88).toFixed(1)}" cy="${(Math.sin((a * Math.PI) / 180) * 88).toFixed(1)}" r="36" fill="#020617"/>`).join('')}
  </g>
  <path d="M880 450 C 880 560 700 600 560 620 S 200 640 0 600" stroke="#ef4444" stroke-width="34" fill="none"/>
  <path d="M880 450 C 880 560 700 600 560 620 S 200 640 0 600" stroke="#020617" stroke-width="10" stroke-dasharray="14 22" fill="none"/>`,

  'modular-keyboard': () => {
    const keys = [];
    const colors = ['#f1f5f9', '#f1f5f9', '#f1f5f9', '#fb7185', '#f1f5f9', '#5eead4', '#f1f5f9', '#f1f5f9', '#fcd34d'];
    for (let row = 0; row < 4; row += 1) {
      for (let col = 0; col < 9; col += 1) {
        const x = 250 + col * 78 + (row % 2) * 20;
        const y = 250 + row * 78;
        const fill = colors[(row * 9 + col * 4) % colors.length];
        keys.push(
          `<rect x="${x}" y="${y + 8}" width="66" height="64" rx="12" fill="#334155"/><rect x="${x}" y="${y}" width="66" height="62" rx="12" fill="${fill}"/><rect x="${x + 10}" y="${y + 8}" width="46" height="40" rx="8" fill="#ffffff" fill-opacity="0.45"/>`,
        );
      }
    }
    return `
  ${backdrop('#312e81', '#0f766e', '#c7d2fe')}
  <rect x="215" y="220" width="790" height="360" rx="36" fill="#1e293b"/>
  <rect x="215" y="220" width="790" height="24" rx="12" fill="#475569"/>
  ${keys.join('')}
  <g transform="translate(890 120) rotate(14)">
    <rect x="0" y="12" width="110" height="104" rx="18" fill="#9f1239"/>
    <rect x="0" y="0" width="110" height="100" rx="18" fill="#fb7185"/>
    <rect x="18" y="14" width="74" height="62" rx="12" fill="#ffffff" fill-opacity="0.4"/>
  </g>
  <g transform="translate(130 110) rotate(-18)">
    <rect x="0" y="10" width="90" height="86" rx="16" fill="#0f766e"/>
    <rect x="0" y="0" width="90" height="82" rx="16" fill="#5eead4"/>
  </g>`;
  },

  'urban-garden': () => {
    const crate = (x, w) => `
    <g transform="translate(${x} 420)">
      <rect width="${w}" height="150" rx="8" fill="#b45309"/>
      <rect y="0" width="${w}" height="26" fill="#92400e"/>
      <rect y="62" width="${w}" height="26" fill="#92400e"/>
      <rect y="124" width="${w}" height="26" fill="#92400e"/>
    </g>`;
    const leaf = (x, y, r, c) => `<ellipse cx="${x}" cy="${y}" rx="22" ry="52" transform="rotate(${r} ${x} ${y})" fill="${c}"/>`;
    return `
  ${backdrop('#fef9c3', '#a7f3d0', '#ffffff')}
  <g fill="#6ee7b7" fill-opacity="0.6">
    <rect x="60" y="140" width="120" height="280"/><rect x="200" y="80" width="90" height="340"/>
    <rect x="940" y="110" width="140" height="310"/><rect x="1090" y="190" width="90" height="230"/>
  </g>
  <rect x="0" y="560" width="${WIDTH}" height="115" fill="#57534e"/>
  ${crate(300, 260)}${crate(640, 260)}
  <g>
    ${leaf(350, 380, -30, '#16a34a')}${leaf(390, 350, 0, '#22c55e')}${leaf(430, 380, 30, '#16a34a')}
    ${leaf(480, 370, -20, '#15803d')}${leaf(515, 360, 20, '#22c55e')}
    <line x1="720" y1="420" x2="720" y2="240" stroke="#15803d" stroke-width="10"/>
    <line x1="820" y1="420" x2="820" y2="220" stroke="#15803d" stroke-width="10"/>
    ${leaf(700, 320, -50, '#22c55e')}${leaf(840, 300, 50, '#22c55e')}
    <circle cx="720" cy="250" r="30" fill="#ef4444"/><circle cx="760" cy="300" r="26" fill="#dc2626"/>
    <circle cx="820" cy="230" r="30" fill="#ef4444"/><circle cx="790" cy="360" r="24" fill="#f97316"/>
  </g>
  <circle cx="1040" cy="90" r="46" fill="#facc15"/>`;
  },

  'campaign-guide': () => `
  ${backdrop('#ecfdf5', '#6ee7b7', '#ffffff')}
  <g transform="translate(170 130)">
    <rect width="380" height="440" rx="28" fill="#ffffff"/>
    <rect x="120" y="-24" width="140" height="52" rx="16" fill="#047857"/>
    ${[0, 1, 2, 3].map((i) => `
    <rect x="40" y="${80 + i * 88}" width="48" height="48" rx="10" fill="${i < 3 ? '#10b981' : '#e2e8f0'}"/>
    ${i < 3 ? `<path d="M52 ${104 + i * 88} l10 10 20 -22" stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` : ''}
    <rect x="112" y="${92 + i * 88}" width="${[200, 160, 220, 140][i]}" height="22" rx="11" fill="#cbd5e1"/>`).join('')}
  </g>
  <g transform="translate(640 160)">
    <rect width="400" height="380" rx="28" fill="#064e3b"/>
    <path d="M40 340 H370 M40 340 V40" stroke="#6ee7b7" stroke-width="6" stroke-linecap="round"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${70 + i * 62}" y="${300 - (i + 1) * 44}" width="40" height="${(i + 1) * 44}" rx="6" fill="#34d399" fill-opacity="${0.5 + i * 0.1}"/>`).join('')}
    <path d="M70 250 L140 200 L200 210 L270 130 L350 70" stroke="#fbbf24" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M320 60 L360 62 L352 100" stroke="#fbbf24" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`,

  'fees-explained': () => {
    const coin = (x, y, c1, c2) => `<ellipse cx="${x}" cy="${y + 14}" rx="70" ry="26" fill="${c2}"/><rect x="${x - 70}" y="${y}" width="140" height="14" fill="${c2}"/><ellipse cx="${x}" cy="${y}" rx="70" ry="26" fill="${c1}"/><ellipse cx="${x}" cy="${y}" rx="44" ry="14" fill="none" stroke="${c2}" stroke-width="5"/>`;
    return `
  ${backdrop('#1e3a8a', '#0ea5e9', '#bae6fd')}
  <g transform="translate(640 90) rotate(6)">
    <path d="M0 0 H300 V470 l-25 -18 -25 18 -25 -18 -25 18 -25 -18 -25 18 -25 -18 -25 18 -25 -18 -25 18 -25 -18 -25 18 Z" fill="#f8fafc"/>
    <rect x="40" y="50" width="160" height="20" rx="10" fill="#94a3b8"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="40" y="${120 + i * 60}" width="130" height="16" rx="8" fill="#cbd5e1"/><rect x="200" y="${120 + i * 60}" width="60" height="16" rx="8" fill="#cbd5e1"/>`).join('')}
    <rect x="40" y="370" width="220" height="6" rx="3" fill="#334155"/>
    <rect x="180" y="395" width="80" height="22" rx="11" fill="#0ea5e9"/>
  </g>
  <g>
    ${coin(380, 520, '#fcd34d', '#b45309')}${coin(380, 480, '#fcd34d', '#b45309')}${coin(380, 440, '#fcd34d', '#b45309')}
    ${coin(380, 400, '#fcd34d', '#b45309')}${coin(380, 360, '#fcd34d', '#b45309')}
    ${coin(220, 520, '#fde68a', '#a16207')}${coin(220, 480, '#fde68a', '#a16207')}${coin(220, 440, '#fde68a', '#a16207')}
    ${coin(520, 530, '#fcd34d', '#b45309')}
  </g>
  <circle cx="560" cy="210" r="56" fill="#fbbf24"/><circle cx="560" cy="210" r="38" fill="none" stroke="#b45309" stroke-width="6"/>`;
  },

  'press-kit': () => `
  ${backdrop('#fff7ed', '#fdba74', '#ffffff')}
  <g transform="translate(200 140) rotate(-6)">
    <rect width="460" height="400" rx="16" fill="#ffffff"/>
    <rect x="30" y="30" width="400" height="40" rx="8" fill="#1f2937"/>
    <rect x="30" y="96" width="190" height="140" rx="8" fill="#fed7aa"/>
    <circle cx="90" cy="150" r="26" fill="#fb923c"/><path d="M30 236 L110 170 L170 220 L220 180 V236 Z" fill="#ea580c"/>
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="245" y="${100 + i * 28}" width="${i % 2 ? 150 : 185}" height="12" rx="6" fill="#d1d5db"/>`).join('')}
    ${[0, 1, 2, 3].map((i) => `<rect x="30" y="${266 + i * 28}" width="${[400, 360, 390, 240][i]}" height="12" rx="6" fill="#d1d5db"/>`).join('')}
  </g>
  <g transform="translate(760 220)">
    <path d="M0 70 L200 -30 V250 L0 150 Z" fill="#ea580c"/>
    <rect x="-70" y="60" width="90" height="100" rx="14" fill="#c2410c"/>
    <rect x="-40" y="150" width="40" height="110" rx="14" fill="#9a3412"/>
    <ellipse cx="200" cy="110" rx="34" ry="140" fill="#fb923c"/>
    <path d="M270 30 q40 80 0 160 M310 0 q60 110 0 220" stroke="#9a3412" stroke-width="12" fill="none" stroke-linecap="round"/>
  </g>`,
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
