import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { diskStore } from './disk-store';
import { storeUpload, withDetectedExtension } from './upload';
import { LIMITS } from '../../shared/limits';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-upload-'));
const store = diskStore(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 0x20)]);
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082',
  'hex',
);
const chunked = (buf: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < buf.length; i += 64 * 1024) yield buf.subarray(i, i + 64 * 1024);
    })(),
  );
const listAll = async () => {
  const keys: string[] = [];
  for await (const o of store.list('')) keys.push(o.key);
  return keys;
};

describe('storeUpload', () => {
  it('stores a PDF under a generated key with its sanitised name', async () => {
    const r = await storeUpload(store, chunked(pdf(300_000)), {
      rule: 'pdf',
      field: 'Instruction_PDF',
      fileName: '../My (big) file#1.pdf',
      prefix: 'patterns',
    });
    expect(r.fileName).toBe('Mybigfile1.pdf');
    expect(r.key).not.toContain('Mybigfile1');
    expect(r.contentType).toBe('application/pdf');
    expect(fs.statSync(path.join(root, r.key)).size).toBe(r.byteSize);
  });

  it('refuses a PNG named .pdf with 415 and leaves nothing behind', async () => {
    const before = await listAll();
    await expect(
      storeUpload(store, Readable.from([png]), {
        rule: 'pdf',
        field: 'f',
        fileName: 'fake.pdf',
        prefix: 'p',
      }),
    ).rejects.toMatchObject({ statusCode: 415, fields: { f: 'fake.pdf is not a PDF' } });
    expect(await listAll()).toEqual(before);
  });

  it('refuses a PDF over the limit with 413 and leaves nothing behind', async () => {
    const before = await listAll();
    await expect(
      storeUpload(store, chunked(pdf(LIMITS.patternPdfBytes)), {
        rule: 'pdf',
        field: 'f',
        fileName: 'big.pdf',
        prefix: 'p',
      }),
    ).rejects.toMatchObject({ statusCode: 413 });
    expect(await listAll()).toEqual(before);
  });

  it('accepts a small PNG image', async () => {
    const r = await storeUpload(store, Readable.from([png]), {
      rule: 'image',
      field: 'Sketch_Image',
      fileName: 'sketch.png',
      prefix: 'p',
    });
    expect(r.contentType).toBe('image/png');
    expect(r.byteSize).toBe(png.length);
  });

  it('gives every stored file the extension of its detected type (issue 11)', async () => {
    const r = await storeUpload(store, Readable.from([png]), {
      rule: 'image',
      field: 'Sketch_Image',
      fileName: 'photo.html',
      prefix: 'p',
    });
    expect(r.fileName).toBe('photo.png');
    const bare = await storeUpload(store, Readable.from([png]), {
      rule: 'image',
      field: 'Sketch_Image',
      fileName: 'photo',
      prefix: 'p',
    });
    expect(bare.fileName).toBe('photo.png');
    const doc = await storeUpload(store, chunked(pdf(1000)), {
      rule: 'pdf',
      field: 'Instruction_PDF',
      fileName: 'setup.exe',
      prefix: 'p',
    });
    expect(doc.fileName).toBe('setup.pdf');
    expect(withDetectedExtension('Photo.JPEG', 'image/jpeg')).toBe('Photo.JPEG');
    expect(withDetectedExtension('photo.png', 'image/jpeg')).toBe('photo.jpg');
    expect(withDetectedExtension('Front.PDF', 'application/pdf')).toBe('Front.PDF');
  });
});
