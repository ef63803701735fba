import type { Metadata } from 'sharp';
import {
  THUMBNAIL_SIZES,
  type ImageCheck,
  type ThumbnailSize,
} from '../../../shared/contracts/preflight';

let loading: Promise<typeof import('sharp')> | undefined;
/** sharp (libvips) loads with the first picture: about 20 MB and 150 ms that a process receiving none never pays. */
const loadSharp = async () => (await (loading ??= import('sharp'))).default;

/** A photo larger than this many pixels is not decoded (a decompression bomb); 100 MP is far above any camera's JPEG. */
export const MAX_PHOTO_PIXELS = 100_000_000;

export interface PhotoResult {
  check: ImageCheck;
  /** The copy to store instead of the upload when something had to change; undefined keeps the upload's bytes. */
  cleaned?: Buffer;
  thumbnails: Record<ThumbnailSize, Buffer>;
}

/**
 * Checks and prepares one uploaded photo with sharp (libvips, off the event loop): real dimensions,
 * the EXIF orientation applied, metadata (GPS position, camera, comments) removed, CMYK converted to
 * sRGB, and WebP thumbnails. A photo that needs none of this is kept byte for byte, so no
 * re-encoding loss for a file that was already right. Returns undefined when it cannot be decoded.
 */
export async function checkPhoto(
  input: Buffer,
  format: 'jpeg' | 'png',
): Promise<PhotoResult | undefined> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
  } catch {
    return undefined;
  }
  const rotated = (meta.orientation ?? 1) > 1;
  const cmyk = meta.space === 'cmyk';
  const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || meta.comments?.length);
  const open = () =>
    sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate().toColourspace('srgb');
  try {
    // One pass each, side by side: the cleaned copy (only when needed; sharp writes no EXIF, XMP or
    // IPTC unless asked) and the thumbnails, read from the upload itself so that a JPEG is decoded
    // at a fraction of its size for them (libjpeg shrink-on-load).
    const [cleaned, ...thumbs] = await Promise.all([
      rotated || cmyk || hasMetadata
        ? (format === 'png' ? open().png() : open().jpeg({ quality: 90 })).toBuffer()
        : undefined,
      ...Object.values(THUMBNAIL_SIZES).map((edge) =>
        open()
          .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      ),
    ]);
    const sizes = Object.keys(THUMBNAIL_SIZES) as ThumbnailSize[];
    const thumbnails = Object.fromEntries(sizes.map((size, i) => [size, thumbs[i]])) as Record<
      ThumbnailSize,
      Buffer
    >;
    // Orientations 5–8 turn the picture a quarter: width and height swap.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      check: {
        type: 'image',
        width: (turned ? meta.height : meta.width) ?? 0,
        height: (turned ? meta.width : meta.height) ?? 0,
        rotated,
        metadataRemoved: hasMetadata,
        convertedFromCmyk: cmyk,
        thumbnails: true,
      },
      cleaned,
      thumbnails,
    };
  } catch {
    return undefined;
  }
}
