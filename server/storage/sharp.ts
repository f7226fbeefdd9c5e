/**
 * sharp (libvips), shared by the upload checks, the resized copies and the
 * social cards, loaded on the first of them (server/lazy-module.ts): about
 * 20 MB a server that only serves pages does not need.
 */
import type SharpType from 'sharp';
import { lazyModule } from '../lazy-module.ts';

export const loadSharp: () => Promise<typeof SharpType> = lazyModule('sharp', 'image processing', async () => {
  const sharp = (await import('sharp')).default;
  // libvips keeps up to 50 MB of recent operations and their results by default, for a program that
  // works on the same images again; the server makes each copy once and keeps the file (decision 103).
  sharp.cache(false);
  return sharp;
});
