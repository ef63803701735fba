import sharp, { type Metadata } from 'sharp';
import { THUMBNAIL_SIZES, type ImageCheck, type ThumbnailSize } from '../../../shared/contracts/preflight';

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
export async function checkPhoto(input: Buffer, format: 'jpeg' | 'png'): Promise<PhotoResult | undefined> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
  } catch {
    return undefined;
  }
  const rotated = (meta.orientation ?? 1) > 1;
  const cmyk = meta.space === 'cmyk';
  const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || meta.comments?.length);
  try {
    let cleaned: Buffer | undefined;
    if (rotated || cmyk || hasMetadata) {
      // sharp writes no metadata unless asked: the output carries no EXIF, XMP or IPTC.
      const pipeline = sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS }).rotate().toColourspace('srgb');
      cleaned = await (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })).toBuffer();
    }
    const source = cleaned ?? input;
    const dims = cleaned ? await sharp(cleaned).metadata() : meta;
    const thumbnails = {} as Record<ThumbnailSize, Buffer>;
    for (const size of Object.keys(THUMBNAIL_SIZES) as ThumbnailSize[]) {
      const edge = THUMBNAIL_SIZES[size];
      thumbnails[size] = await sharp(source, { limitInputPixels: MAX_PHOTO_PIXELS })
        .rotate()
        .toColourspace('srgb')
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
    }
    return {
      check: {
        type: 'image',
        width: dims.width ?? 0,
        height: dims.height ?? 0,
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
