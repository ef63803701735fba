import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '../../../shared/contracts/imports';
import { MB } from '../../../shared/limits';
import { samplePdf } from '../../test/sample-files';
import { renameInZip, zipOf, type ZipItem } from './imports.fixtures';
import { indexZip, ZipRefused } from './zip-reader';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const limits = { maxEntries: 10, maxUncompressedBytes: 2 * MB, maxRatio: 100 };

async function refusal(zip: Buffer | ZipItem[]): Promise<string | undefined> {
  const file = path.join(dir, `${crypto.randomUUID()}.zip`);
  fs.writeFileSync(file, Array.isArray(zip) ? await zipOf(zip) : zip);
  try {
    (await indexZip(file, limits)).close();
    return undefined;
  } catch (err) {
    if (err instanceof ZipRefused) return err.message;
    throw err;
  }
}
const pdf = samplePdf();
const refused = (why: string) => IMPORT_MSG.zipRefused(why);

describe('ZIP guard', () => {
  it('accepts files in folders', async () => {
    expect(await refusal([{ name: 'a/b/c.pdf', data: pdf }])).toBeUndefined();
  });
  it('refuses entries that climb out with ..', async () => {
    const zip = renameInZip(
      await zipOf([{ name: 'xx/evil.pdf', data: pdf }]),
      'xx/evil.pdf',
      '../evil.pdf',
    );
    expect(await refusal(zip)).toBe(refused(IMPORT_MSG.zip.unsafePath('../evil.pdf')));
  });
  it('refuses absolute paths', async () => {
    const zip = renameInZip(
      await zipOf([{ name: 'xetc/x.pdf', data: pdf }]),
      'xetc/x.pdf',
      '/etc/x.pdf',
    );
    expect(await refusal(zip)).toBe(refused(IMPORT_MSG.zip.absolutePath('/etc/x.pdf')));
  });
  it('refuses more entries than configured', async () => {
    const items = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, data: pdf }));
    expect(await refusal(items)).toBe(refused(IMPORT_MSG.zip.tooManyEntries(10)));
  });
  it('refuses more uncompressed data than configured', async () => {
    const items = [0, 1, 2].map((i) => ({
      name: `r${i}.bin`,
      data: crypto.randomBytes(MB),
      compress: false,
    }));
    expect(await refusal(items)).toBe(refused(IMPORT_MSG.zip.tooLargeTotal(2)));
  });
  it('refuses a compression ratio over the limit (a ZIP bomb)', async () => {
    expect(await refusal([{ name: 'bomb.pdf', data: Buffer.alloc(MB) }])).toBe(
      refused(IMPORT_MSG.zip.ratio('bomb.pdf', 100)),
    );
  });
  it('refuses a ZIP inside the ZIP', async () => {
    const inner = await zipOf([{ name: 'a.pdf', data: pdf }]);
    expect(await refusal([{ name: 'more/inner.zip', data: inner, compress: false }])).toBe(
      refused(IMPORT_MSG.zip.nested('more/inner.zip')),
    );
  });
  it('refuses symbolic links', async () => {
    expect(
      await refusal([{ name: 'link.pdf', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
    ).toBe(refused(IMPORT_MSG.zip.symlink('link.pdf')));
  });
  it('refuses a file that is not a ZIP', async () => {
    expect(await refusal(Buffer.from('not a zip at all'))).toBe(refused(IMPORT_MSG.zip.unreadable));
  });
});
