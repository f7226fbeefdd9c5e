/**
 * What a social card shows, as data, and its version: a hash of exactly
 * that, so a card's address changes whenever its picture does (and only
 * then), and a card drawn once can be kept in storage under its version for
 * every server (docs/decisions/044-cover-rules-and-card-store.md).
 */
import { createHash } from 'node:crypto';
import { isSiteImagePath, isUploadPath } from '../../common/site-images.ts';
import { LOGO_PATH } from '../../common/site.ts';

export interface SocialCardDrawing {
  /** A post's or resource's card, or the site's own (the home page's). */
  kind: 'item' | 'site';
  /** The item's title; the site's name on the site's card. */
  title: string;
  /** The first category, whose name is drawn and whose colours a card without a cover takes. */
  category: { id: string; name: string } | null;
  sponsored: boolean;
  siteName: string;
  /** The site's tagline, drawn on the site's card only. */
  tagline: string | null;
  /** The logo's path, when it is one the server can read (an upload or one of the site's images). */
  logo: string | null;
  /** The cover's path, likewise; other sites' images are never fetched, so never drawn. */
  cover: string | null;
}

/**
 * Raised whenever the card's design changes, so every card gets a new
 * address. Design 2: uploaded covers drawn, the logo beside the site's name.
 */
const CARD_DESIGN = 2;

/** The image a card may draw from a stored address: uploads and the site's own images only. */
export function drawableImage(address: string | null): string | null {
  if (!address) return null;
  return isUploadPath(address) || isSiteImagePath(address) || address === LOGO_PATH ? address : null;
}

/** 20 hex digits (80 bits) of a SHA-256 of the design and the drawing. */
export function socialCardVersion(drawing: SocialCardDrawing): string {
  const { kind, title, category, sponsored, siteName, tagline, logo, cover } = drawing;
  // Fields in a fixed order: the same drawing always gives the same text.
  const text = JSON.stringify([CARD_DESIGN, kind, title, category?.id ?? null, category?.name ?? null, sponsored, siteName, tagline, logo, cover]);
  return createHash('sha256').update(text).digest('hex').slice(0, 20);
}
