import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, migratedDataDir } from '../../test/helper';
import { runsIn } from '../../test/skip';
import { bundlePortal, startPortal, type PortalProcess } from '../../test/portal-process';
import { softMaskBombPdf } from '../../test/preflight-files';
import { samplePdf } from '../../test/sample-files';
import { childrenOf } from '../../../../scripts/portal-process.mjs';
import { PATTERN_CREATE_PATH } from '../../../shared/contracts/pattern-create';
import { PREFLIGHT_MSG } from '../../../shared/contracts/preflight';
import type { PatternDetail } from '../../../shared/contracts/pattern-detail';
import { PDF_CHECKERS } from './pdf-facts';

/**
 * Issue 33, item 2, against the portal as `npm start` runs it (server bundle, embedded database):
 * 12 uploads of a Yardage_PDF whose 10×10 image has a 30,000×30,000 soft mask of zeros (875 KB,
 * 900 MB decoded) took the server's resident memory from 843 MB to 5,119 MB, never given back.
 * Not the database's subject: it runs once, in the project that always runs. Four uploads sent at
 * once, as the review sent each batch: they would leave the server about 1.4 GB above where it
 * started without the fix (356 MB each), so the test shows the leak as surely as twelve did, at a
 * third of the suite's longest file (each bomb is decoded until its checker is killed).
 */
const here = dbKind === 'pglite';
const MB = 1024 * 1024;

/** The process' resident memory (VmRSS), bytes. */
const rss = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

describe.skipIf(!here)(
  `PDF checks and the server's memory${runsIn('api-pglite', here)}`,
  { timeout: 600_000 },
  () => {
    let bundle: Awaited<ReturnType<typeof bundlePortal>>;
    let portal: PortalProcess;
    let dataDir: string;
    let auth: Record<string, string>;
    let brandId: number;
    beforeAll(async () => {
      bundle = await bundlePortal();
      dataDir = await migratedDataDir('ppp-pdfmem-');
      const admin = { email: 'pdfmem-admin@localhost', password: 'Pdfmem-pass1!' };
      portal = await startPortal(bundle.entry, {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        IMPORT_WORKER: 'off',
        // The checker is killed at 128 MB instead of 512: each bomb is decoded until then, and the
        // server's memory, this test's subject, is the same either way (11 s of CPU less).
        PDF_CHECK_MEMORY_MB: '128',
      });
      const login = await fetch(`${portal.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const brands = (
        (await (await fetch(`${portal.url}/api/brands`, { headers: auth })).json()) as {
          data: { id: number; slug: string }[];
        }
      ).data;
      brandId = brands.find((b) => b.slug === 'ditto')!.id;
    }, 180_000);
    afterAll(async () => {
      await portal?.stop('SIGKILL');
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** A new pattern whose Yardage_PDF is `yardage`: the answer, and the Yardage_PDF's check when stored. */
    const submit = async (id: string, yardage: Buffer) => {
      const fd = new FormData();
      fd.append(
        'data',
        JSON.stringify({
          SFCC_Pattern_ID: id,
          Pattern_Name: `Pattern ${id}`,
          Brand: brandId,
          Size: [{ pattern_view: 'A', Size: 'M', Pattern_Pdf_File_Name: 'size-m.pdf' }],
        }),
      );
      fd.append('pattern_pdf_file0', new Blob([new Uint8Array(samplePdf(2000))]), 'size-m.pdf');
      fd.append(
        'Yardage_PDF',
        new Blob([new Uint8Array(yardage)], { type: 'application/pdf' }),
        'yardage.pdf',
      );
      const res = await fetch(portal.url + PATTERN_CREATE_PATH, {
        method: 'POST',
        headers: auth,
        body: fd,
      });
      const body = (await res.json()) as {
        data?: { ID: number };
        message?: string;
        fields?: Record<string, string>;
      };
      if (res.status !== 201) return { status: res.status, body };
      // The first page is drawn after the answer (create-thumbnails.test.ts): the drawing, where a
      // soft mask is decoded, is part of what this test measures, so each upload waits for it.
      let detail: { data: PatternDetail };
      for (let tries = 0; ; tries++) {
        detail = (await (
          await fetch(`${portal.url}/api/patterns/${body.data!.ID}`, { headers: auth })
        ).json()) as { data: PatternDetail };
        if (!detail.data.thumbnailsPending || tries > 600) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const check = detail.data.files.find((f) => f.kind === 'Yardage_PDF')?.check;
      return { status: res.status, body, check };
    };

    it('4 uploads at once of a PDF with a 30,000×30,000 soft mask leave the server within 100 MB of where it started; each gets its facts or a clear refusal', async () => {
      const bomb = await softMaskBombPdf();
      expect(bomb.length).toBeGreaterThan(800_000);
      expect(bomb.length).toBeLessThan(900_000);
      const pid = portal.child.pid!;

      // An ordinary PDF first: the checker has started and the server has served an upload.
      const first = await submit('PDFMEM-0', samplePdf(2500, 'Yardage'));
      expect(first.status).toBe(201);
      expect(first.check).toMatchObject({ type: 'pdf', pageCount: 1, thumbnails: true });
      const start = rss(pid);
      let peak = start;
      let checkers = 0;
      let checkerPeak = 0;
      const sample = setInterval(() => {
        peak = Math.max(peak, rss(pid));
        const children: number[] = childrenOf(pid);
        checkers = Math.max(checkers, children.length);
        for (const child of children) {
          try {
            checkerPeak = Math.max(checkerPeak, rss(child));
          } catch {
            // ended meanwhile
          }
        }
      }, 20);

      const answers = [];
      try {
        // Sent at once, as the review sent each of its three batches of four.
        answers.push(...(await Promise.all([1, 2, 3, 4].map((n) => submit(`PDFMEM-${n}`, bomb)))));
      } finally {
        clearInterval(sample);
      }
      const end = rss(pid);

      for (const a of answers) {
        if (a.status === 201 && a.check?.type === 'pdf' && a.check.incomplete !== null)
          // Its checker reached the memory line before it reported any fact (CI saw one of four
          // at load), or its 8 s ran out with the page count read (a machine at load 14 saw it):
          // the file is kept with a check-incomplete warning either way (docs/preflight.md).
          expect(['memory', 'time']).toContain(a.check.incomplete);
        else if (a.status === 201)
          // The facts (the page was not drawn: no thumbnail, the browser's preview draws it).
          expect(a.check).toMatchObject({ type: 'pdf', pageCount: 1, incomplete: null });
        else {
          expect(a.status).toBe(422);
          expect([
            PREFLIGHT_MSG.damaged('yardage.pdf'),
            PREFLIGHT_MSG.password('yardage.pdf'),
          ]).toContain(a.body.fields?.Yardage_PDF);
        }
      }
      const rise = `start ${(start / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, end ${(end / MB).toFixed(0)} MB`;
      expect(end - start, rise).toBeLessThan(100 * MB);
      expect(peak - start, rise).toBeLessThan(100 * MB);
      // The checkers stayed within their number, and the server still checks and draws PDFs.
      expect(checkers).toBeLessThanOrEqual(PDF_CHECKERS.processes);
      // Killed at PDF_CHECK_MEMORY_MB, not at the default 512 MB (a poll every 25 ms lets it run on
      // a little past the line, as pdf-facts.test.ts allows).
      expect(checkerPeak).toBeGreaterThan(0);
      expect(checkerPeak / MB).toBeLessThan(128 + 150);
      const after = await submit('PDFMEM-5', samplePdf(2500, 'Yardage'));
      expect(after.check).toMatchObject({ type: 'pdf', pageCount: 1, thumbnails: true });
    });
  },
);
