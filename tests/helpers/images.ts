/** Image files for upload tests, made with sharp so they are real images. */
import sharp from 'sharp';

/** Who took the photo, as its metadata says; must never be served. */
export const PHOTOGRAPHER = 'Jane Doe';

/**
 * A 40×20 JPEG as a phone writes it: EXIF (camera, artist), XMP (creator)
 * and an orientation tag saying it must be turned a quarter (6), so it
 * shows 20×40.
 */
export function cameraPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
    .withExif({ IFD0: { Make: 'Acme', Model: 'Pocket 7', Artist: PHOTOGRAPHER } })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        `<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="${PHOTOGRAPHER}"/></rdf:RDF></x:xmpmeta>`,
    )
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A PNG of random noise, which does not compress: about width × height × 3 bytes, slow to resize. */
export function noiseImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
}
