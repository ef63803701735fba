import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/helper';
import { statementsOf } from '../../test/statements';
import { listObjects } from '../../test/submission';
import { samplePdf } from '../../test/sample-files';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { fileChecks } from '../../db/schema/preflight';
import { IMPORT_PATHS } from '../../../shared/contracts/imports';
import {
  csvSheet,
  getImport,
  importWorker,
  uploadAndCheck,
  uploadForm,
  zipOf,
  type SheetRow,
} from './imports.fixtures';
import { seedPatterns } from '../patterns/detail.fixtures';

/**
 * Issue 31: the import's write path. Statements are counted as list-anchors.test.ts counts them
 * (drizzle's logger on this app's database); time is measured by scripts/bench/bench-import.mjs.
 */
let t: TestApp;
let partner: TestUser;
beforeEach(async () => {
  t = await createTestApp({ IMPORT_WORKER: 'off' });
  partner = await createUser(t, { brand: 'ditto' });
});
afterEach(() => t.close());

/** `n` patterns of two sizes each, both sizes naming the pattern's one PDF (as issue 31's catalogue). */
async function catalogue(n: number, prefix = 'SPD') {
  const rows: SheetRow[] = [];
  const items = [];
  for (let p = 1; p <= n; p++) {
    for (const size of ['S', 'M'])
      rows.push({
        'Pattern ID': `${prefix}-${p}`,
        ...(size === 'S' ? { 'Pattern Name': `Pattern ${p}` } : {}),
        'Pattern View': 'A',
        Size: size,
        'Pattern PDF': `p${p}.pdf`,
      });
    items.push({ name: `p${p}.pdf`, data: samplePdf(2000 + p) });
  }
  return { sheet: csvSheet(rows), zip: await zipOf(items) };
}

async function checkedImport(n: number, prefix?: string) {
  const { sheet, zip } = await catalogue(n, prefix);
  const checked = await uploadAndCheck(t, partner, uploadForm(sheet, { zip }));
  expect(checked).toMatchObject({ status: 'checked', valid: n });
  await t.app.inject({
    method: 'POST',
    url: IMPORT_PATHS.runOf(checked.id),
    headers: partner.auth,
  });
  return checked.id;
}

describe('the import’s write path (issue 31)', () => {
  it('imports a pattern in a few statements: counted per pattern over 12 patterns', async () => {
    const id = await checkedImport(12);
    // Only the import's own kind here: the follow-up checks are counted apart (below).
    const worker = importWorker(t, {}, ['import']);
    const sent = await statementsOf(t.deps.database.db, () => worker.drain());
    expect(await getImport(t, partner, id)).toMatchObject({ status: 'done', created: 12 });
    // BEGIN/COMMIT are logged by the PostgreSQL driver and not by PGlite's: left out on both.
    // The job's heartbeat (progress, and proof the job is still ours) is written at most every
    // 500 ms, and the worker polls the queue for its next job: how many of each depends on the
    // machine's speed (13.17 a pattern at load 25), not on the write path, so both are left out.
    const statements = sent.filter(
      (q) =>
        !/^(begin|commit|rollback|savepoint|release)\b/i.test(q) &&
        !/^update "import_jobs" set .*"heartbeat_at"/i.test(q) &&
        // The queue's polls for its next job, as many as the machine's speed allows.
        !/^\s*UPDATE jobs SET status = 'running'/.test(q),
    );
    const perPattern = statements.length / 12;
    console.log(`statements per pattern: ${perPattern}`);
    // One pattern a transaction (its holder check, next row, heartbeat, queued check each): 18 a
    // pattern with files stored by content (12 before them); chunks of up to 25 patterns and one
    // lease for the rows naming one ZIP entry: 12.7 here (chunks of 1, 2, 4, 5), about 10 at 25;
    // 11.3 with a chunk's outcomes written in one statement (issue 50).
    expect(perPattern, statements.slice(0, 40).join('\n')).toBeLessThanOrEqual(13);
  });

  it('leaves the PDFs’ checks to queued work: every file gets its findings and thumbnails, and the job counts them', async () => {
    const id = await checkedImport(3);
    await importWorker(t, {}, ['import']).drain();
    let job = await getImport(t, partner, id);
    expect(job).toMatchObject({ status: 'done', created: 3, files: { total: 6, checked: 0 } });
    const ids = (await t.deps.database.db.select({ id: patterns.ID }).from(patterns)).map(
      (p) => p.id,
    );
    const rows = await t.deps.database.db
      .select({ id: patternFiles.id, key: patternFiles.storageKey, check: fileChecks.check })
      .from(patternFiles)
      .leftJoin(fileChecks, eq(fileChecks.fileId, patternFiles.id))
      .where(inArray(patternFiles.patternId, ids));
    expect(rows).toHaveLength(6); // each size's row names its pattern's PDF
    expect(rows.every((r) => r.check === null)).toBe(true);

    await importWorker(t).drain();
    job = await getImport(t, partner, id);
    expect(job.files).toEqual({ total: 6, checked: 6 });
    const after = await t.deps.database.db
      .select({ key: patternFiles.storageKey, check: fileChecks.check })
      .from(patternFiles)
      .innerJoin(fileChecks, eq(fileChecks.fileId, patternFiles.id))
      .where(inArray(patternFiles.patternId, ids));
    expect(after).toHaveLength(6);
    for (const r of after) {
      expect(r.check).toMatchObject({ type: 'pdf', pageCount: 1, thumbnails: true });
      expect(listObjects(t, { thumbnails: true }), r.key).toEqual(
        expect.arrayContaining([`${r.key}.small.webp`]),
      );
    }
    expect(await t.deps.database.db.select().from(sizes)).toHaveLength(6);
  });

  it('updates rows alone (mode update, no files) in statements per chunk, not per pattern', async () => {
    const n = 60;
    const seeded = await seedPatterns(t, n);
    const sheet = csvSheet(
      seeded.map((p) => ({
        'Pattern ID': p.code,
        'Pattern Description': `Revised ${p.code}`,
        'Pattern View': 'A',
        Size: 'S',
      })),
    );
    const checked = await uploadAndCheck(t, partner, uploadForm(sheet, { mode: 'update' }));
    expect(checked).toMatchObject({ status: 'checked', valid: n });
    await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(checked.id),
      headers: partner.auth,
    });
    const worker = importWorker(t, {}, ['import']);
    const sent = await statementsOf(t.deps.database.db, () => worker.drain());
    expect(await getImport(t, partner, checked.id)).toMatchObject({ status: 'done', updated: n });
    const statements = sent.filter(
      (q) =>
        !/^(begin|commit|rollback|savepoint|release)\b/i.test(q) &&
        !/^update "import_jobs" set .*"heartbeat_at"/i.test(q) &&
        !/^\s*UPDATE jobs SET status = 'running'/.test(q),
    );
    const perPattern = statements.length / n;
    console.log(`rows alone: statements per pattern: ${perPattern}`);
    if (process.env.SHOW_STATEMENTS) {
      const kinds = new Map<string, number>();
      for (const q of sent) {
        const k = q.replace(/\s+/g, ' ').slice(0, 90);
        kinds.set(k, (kinds.get(k) ?? 0) + 1);
      }
      console.log([...kinds].map(([k, c]) => `${c}\t${k}`).join('\n'));
    }
    // 8.37 a pattern before issue 50 (each pattern read, written, read again, its sizes, its
    // activity's brand, its activity, its webhook subscribers and its outcome: a statement each);
    // 1.83 with the chunk's reads and writes set-based (chunks of 1, 2 … 29 here), of which one a
    // pattern was its event's webhook subscriber lookup; 0.93 with the chunk's event recorded once
    // (recordPatternEvents: the subscribers looked up once a chunk).
    expect(perPattern, statements.slice(0, 60).join('\n')).toBeLessThanOrEqual(1);
    const rows = await t.deps.database.db
      .select({ d: patterns.Pattern_Description })
      .from(patterns)
      .where(
        inArray(
          patterns.ID,
          seeded.map((p) => p.id),
        ),
      );
    expect(rows.map((r) => r.d).sort()).toEqual(seeded.map((p) => `Revised ${p.code}`).sort());
  });
});
