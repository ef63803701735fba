import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiToken, baseURL } from './browser';
import { E2E_USERS } from './users';
import { samplePdf, samplePng } from '../src/server/test/sample-files';
import {
  PATTERN_CREATE_PATH,
  type PatternCreateResponse,
} from '../src/shared/contracts/pattern-create';

/**
 * Files a partner picks in the daily-use journeys (issue 12), written to a folder of their own so
 * Chromium uploads real files; `remove` deletes it. Written when asked, not when this module loads:
 * the e2e files share their worker's modules, so a folder made at load was one for every file of
 * the worker, and the first file to remove it took it from the others.
 */
export function dailyFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-e2e-daily-'));
  const write = (name: string, bytes: Buffer) => {
    fs.writeFileSync(path.join(dir, name), bytes);
    return path.join(dir, name);
  };
  const bigPng = Buffer.concat([samplePng(4, 4), Buffer.alloc(10 * 1024 * 1024 + 10)]);
  return {
    fakePdf: write('fake.pdf', Buffer.from('just some text, not a PDF at all\n')),
    fakePng: write('notreally.png', Buffer.from('plain text pretending to be a picture\n')),
    realPdf: write('real.pdf', samplePdf(5000, 'Real')),
    bigImage: write('big12mb.png', bigPng),
    heroes: Array.from({ length: 21 }, (_, i) =>
      write(`hero-${String(i + 1).padStart(2, '0')}.png`, samplePng(8, 8, [i * 10, 100, 200])),
    ),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A pattern of the partner's brand with sizes of one view (as a partner would submit it), for the detail screens. */
export async function seedPattern(
  code: string,
  sizes: string[] = ['S', 'M', 'L'],
): Promise<{ id: number; sizeIds: number[] }> {
  const token = await apiToken(E2E_USERS.partner);
  const fd = new FormData();
  // The brand by its spec value (slug), as a client built from the spec sends it.
  fd.append(
    'data',
    JSON.stringify({
      SFCC_Pattern_ID: code,
      Pattern_Name: `Daily ${code}`,
      Brand: 'ditto',
      Type: 'Women Patterns',
      Size: sizes.map((Size) => ({ pattern_view: 'View A', Size })),
    }),
  );
  sizes.forEach((s, i) =>
    fd.append(
      `pattern_pdf_file${i}`,
      new Blob([new Uint8Array(samplePdf(3000, `Size ${s}`))], { type: 'application/pdf' }),
      `size-${s}.pdf`,
    ),
  );
  fd.append(
    'Main_Hero_Image',
    new Blob([new Uint8Array(samplePng(160, 120, [200, 40, 40]))], { type: 'image/png' }),
    'hero.png',
  );
  const res = await fetch(`${baseURL()}${PATTERN_CREATE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: fd,
  });
  if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as PatternCreateResponse).data.ID;
  const list = await (
    await fetch(`${baseURL()}/api/patterns/${id}/sizes`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  return { id, sizeIds: ((list.data ?? []) as { ID: number }[]).map((s) => s.ID) };
}
