/**
 * Draws a social card: 1200×630 PNG, the size Facebook, X and LinkedIn show
 * large. With a cover, the cover fills it (cropped to the middle) under a
 * dark band with the title; without one, a designed card: the title on a
 * dotted pattern in its category's colours. The site's card (the home
 * page's) shows the logo, the name and the tagline. Text is drawn by satori
 * as paths from the bundled Inter font, so no system font is needed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cardPalette, SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type CardPalette } from '../../common/social-cards.ts';
import { lazyModule } from '../lazy-module.ts';
import { loadSharp } from '../storage/sharp.ts';
import type { SocialCardDrawing } from './drawing.ts';

const CARD_WIDTH = SOCIAL_CARD_WIDTH;
const CARD_HEIGHT = SOCIAL_CARD_HEIGHT;

/** The bytes of the images a drawing names (any image sharp reads, SVG included), null when there are none. */
export interface CardImages {
  cover: Uint8Array | null;
  logo: Uint8Array | null;
}

const LOGO_SIZE = { item: 44, site: 132 } as const;

// satori (with its layout engine) and resvg load on the first card drawn: about 35 MB a server whose cards are
// never asked for does not need.
const loadSatori = lazyModule('satori', 'social cards', async () => (await import('satori')).default);
const loadResvg = lazyModule('@resvg/resvg-js', 'social cards', async () => (await import('@resvg/resvg-js')).Resvg);

type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
let fonts: Promise<Font[]> | null = null;

function loadFonts(): Promise<Font[]> {
  const require = createRequire(import.meta.url);
  const file = (weight: 400 | 700) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  fonts ??= Promise.all(
    ([400, 700] as const).map(async (weight) => ({ name: 'Inter', data: await readFile(file(weight)), weight, style: 'normal' as const })),
  );
  return fonts;
}

/** The cover cropped to the card, as a data address satori can draw; null when it cannot be read. */
async function coverDataUrl(cover: Uint8Array): Promise<string | null> {
  // Outside the try: sharp missing is the server's fault, not an unreadable cover.
  const sharp = await loadSharp();
  try {
    const jpeg = await sharp(cover, { limitInputPixels: 40_000_000 })
      .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

/** The logo in a square of `size` pixels (transparency kept), as a data address; null when it cannot be read. */
async function logoDataUrl(logo: Uint8Array, size: number): Promise<string | null> {
  const sharp = await loadSharp();
  try {
    const png = await sharp(logo, { limitInputPixels: 40_000_000 })
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return null;
  }
}

/** Long titles get smaller type, so any title fits in three lines. */
const titleSize = (title: string) => (title.length > 90 ? 48 : title.length > 50 ? 60 : 72);

function Badge({ children, tone, palette }: { children: string; tone: 'light' | 'sponsored'; palette: CardPalette }) {
  return (
    <div
      style={{
        display: 'flex',
        padding: '6px 16px',
        borderRadius: 8,
        fontSize: 26,
        fontWeight: 700,
        letterSpacing: 1,
        textTransform: 'uppercase',
        color: tone === 'sponsored' ? '#78350f' : palette.badgeText,
        backgroundColor: tone === 'sponsored' ? '#fde68a' : palette.badgeBackground,
      }}
    >
      {children}
    </div>
  );
}

/** The dots and the ring of a card without a photo. */
function Pattern({ palette }: { palette: CardPalette }) {
  return (
    <>
      <div
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: CARD_WIDTH,
          height: CARD_HEIGHT,
          display: 'flex',
          opacity: 0.22,
          backgroundImage: `radial-gradient(circle at 12px 12px, ${palette.accent} 10%, transparent 0%)`,
          backgroundSize: '48px 48px',
        }}
      />
      <div
        style={{
          position: 'absolute',
          top: -160,
          right: -120,
          width: 560,
          height: 560,
          display: 'flex',
          borderRadius: '50%',
          border: `56px solid ${palette.accent}`,
          opacity: 0.14,
        }}
      />
    </>
  );
}

function Card({ content, cover, logo }: { content: SocialCardDrawing; cover: string | null; logo: string | null }) {
  // Over a cover the band keeps the site's colours; without one the category's show.
  const palette = cover ? cardPalette('funding') : cardPalette(content.category?.id);
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: 'flex',
        position: 'relative',
        fontFamily: 'Inter',
        backgroundImage: cover ? undefined : `linear-gradient(135deg, ${palette.from} 0%, ${palette.to} 100%)`,
        backgroundColor: cover ? '#0f172a' : palette.to,
      }}
    >
      {cover ? null : <Pattern palette={palette} />}
      {cover ? <img src={cover} width={CARD_WIDTH} height={CARD_HEIGHT} style={{ position: 'absolute', top: 0, left: 0 }} /> : null}
      <div
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          top: cover ? 230 : 0,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          padding: '48px 64px',
          backgroundImage: cover ? 'linear-gradient(180deg, rgba(15,23,42,0) 0%, rgba(15,23,42,0.92) 55%)' : undefined,
        }}
      >
        <div style={{ display: 'flex', gap: 16, marginBottom: 20 }}>
          {content.sponsored ? <Badge tone="sponsored" palette={palette}>Sponsored</Badge> : null}
          {content.category ? <Badge tone="light" palette={palette}>{content.category.name}</Badge> : null}
        </div>
        <div style={{ display: 'flex', color: '#ffffff', fontSize: titleSize(content.title), fontWeight: 700, lineHeight: 1.15 }}>
          {content.title}
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginTop: 28, color: palette.accent, fontSize: 30, fontWeight: 400 }}>
          {logo ? <img src={logo} width={LOGO_SIZE.item} height={LOGO_SIZE.item} /> : null}
          {content.siteName}
        </div>
      </div>
    </div>
  );
}

/** The site's own card: its logo, name and tagline on the site's colours and pattern. */
function SiteCard({ content, logo }: { content: SocialCardDrawing; logo: string | null }) {
  const palette = cardPalette('funding');
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: 'flex',
        position: 'relative',
        fontFamily: 'Inter',
        backgroundImage: `linear-gradient(135deg, ${palette.from} 0%, ${palette.to} 100%)`,
        backgroundColor: palette.to,
      }}
    >
      <Pattern palette={palette} />
      <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', padding: '64px 96px' }}>
        {logo ? <img src={logo} width={LOGO_SIZE.site} height={LOGO_SIZE.site} style={{ marginBottom: 40 }} /> : null}
        <div style={{ display: 'flex', color: '#ffffff', fontSize: titleSize(content.siteName) + 8, fontWeight: 700, lineHeight: 1.1 }}>
          {content.siteName}
        </div>
        {content.tagline ? (
          <div style={{ display: 'flex', marginTop: 28, color: palette.accent, fontSize: 36, fontWeight: 400, lineHeight: 1.3 }}>
            {content.tagline}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The card as PNG bytes. */
export async function renderSocialCard(content: SocialCardDrawing, images: CardImages): Promise<Uint8Array> {
  const [satori, Resvg] = await Promise.all([loadSatori(), loadResvg()]);
  const logo = images.logo ? await logoDataUrl(images.logo, LOGO_SIZE[content.kind]) : null;
  const cover = content.kind === 'item' && images.cover ? await coverDataUrl(images.cover) : null;
  const element = content.kind === 'site' ? <SiteCard content={content} logo={logo} /> : <Card content={content} cover={cover} logo={logo} />;
  const svg = await satori(element, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
}
