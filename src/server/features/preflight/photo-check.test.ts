import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../test/preflight-files';
import { checkPhoto } from './photo-check';

describe('photo check (sharp)', () => {
  it('stores real dimensions and keeps a clean photo byte for byte, with WebP thumbnails', async () => {
    const input = await makePhoto({ width: 1600, height: 1200 });
    const r = (await checkPhoto(input, 'jpeg'))!;
    expect(r.check).toEqual({
      type: 'image',
      width: 1600,
      height: 1200,
      rotated: false,
      metadataRemoved: false,
      convertedFromCmyk: false,
      thumbnails: true,
    });
    expect(r.cleaned).toBeUndefined();
    const small = await sharp(r.thumbnails.small).metadata();
    const medium = await sharp(r.thumbnails.medium).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 320, 240]);
    expect([medium.format, medium.width, medium.height]).toEqual(['webp', 960, 720]);
  });

  it('never enlarges a small photo into its thumbnails', async () => {
    const r = (await checkPhoto(await makePhoto({ width: 200, height: 100, png: true }), 'png'))!;
    expect(r.check).toMatchObject({ width: 200, height: 100 });
    expect((await sharp(r.thumbnails.medium).metadata()).width).toBe(200);
  });

  it('applies the EXIF orientation to the pixels and drops the tag', async () => {
    const r = (await checkPhoto(
      await makePhoto({ width: 1600, height: 1200, orientation: 6 }),
      'jpeg',
    ))!;
    expect(r.check).toMatchObject({ width: 1200, height: 1600, rotated: true });
    const stored = await sharp(r.cleaned!).metadata();
    expect([stored.width, stored.height, stored.orientation, stored.format]).toEqual([
      1200,
      1600,
      undefined,
      'jpeg',
    ]);
    expect((await sharp(r.thumbnails.small).metadata()).height).toBe(320);
  });

  it('removes GPS position and camera metadata from the stored copy', async () => {
    const input = await makePhoto({ gps: true });
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(Buffer.from('Test Camera 1'))).toBe(true);
    const r = (await checkPhoto(input, 'jpeg'))!;
    expect(r.check.metadataRemoved).toBe(true);
    const after = await sharp(r.cleaned!).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(r.cleaned!.includes(Buffer.from('Test Camera 1'))).toBe(false);
  });

  it('converts a CMYK photo to sRGB', async () => {
    const input = await makePhoto({ cmyk: true });
    expect((await sharp(input).metadata()).space).toBe('cmyk');
    const r = (await checkPhoto(input, 'jpeg'))!;
    expect(r.check.convertedFromCmyk).toBe(true);
    expect((await sharp(r.cleaned!).metadata()).space).toBe('srgb');
  });

  it('answers undefined for bytes that do not decode', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
    expect(await checkPhoto(broken, 'jpeg')).toBeUndefined();
  });
});
