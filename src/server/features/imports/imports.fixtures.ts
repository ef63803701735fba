import pino from 'pino';
import yazl from 'yazl';
import { sql } from 'drizzle-orm';
import { IMPORT_PATHS, type ImportDetail } from '../../../shared/contracts/imports';
import { startJobWorker } from '../../jobs/outbox';
import type { TestApp, TestUser } from '../../test/helper';
import { csvLine } from '../../lib/csv';
import { TEMPLATE_HEADERS } from './template';
import { importJobHandler } from './imports.job';
import { fileChecksJobHandler } from './file-checks.job';
import type { RunHooks } from './run.service';

/** Test helpers of the bulk import: sheets by column label, ZIPs made with yazl, a worker driven by runOnce. */
export type SheetRow = Partial<Record<(typeof TEMPLATE_HEADERS)[number], string>>;

export function csvSheet(rows: SheetRow[], headers: readonly string[] = TEMPLATE_HEADERS): Buffer {
  return Buffer.from(
    csvLine([...headers]) +
      rows.map((r) => csvLine(headers.map((h) => (r as Record<string, string>)[h] ?? ''))).join(''),
  );
}

export interface ZipItem {
  name: string;
  data: Buffer;
  mode?: number;
  compress?: boolean;
}

export function zipOf(items: ZipItem[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const i of items)
    zip.addBuffer(i.data, i.name, {
      ...(i.mode ? { mode: i.mode } : {}),
      compress: i.compress ?? true,
    });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** yazl refuses unsafe names, as it should: write a safe one of the same length and swap the bytes. */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('same length only');
  const out = Buffer.from(zip);
  const a = Buffer.from(from);
  for (let i = out.indexOf(a); i >= 0; i = out.indexOf(a, i + 1)) Buffer.from(to).copy(out, i);
  return out;
}

export function uploadForm(
  sheet: Buffer,
  opts: { sheetName?: string; zip?: Buffer; mode?: 'skip' | 'update' } = {},
): FormData {
  const fd = new FormData();
  if (opts.mode) fd.append('mode', opts.mode);
  fd.append('sheet', new Blob([new Uint8Array(sheet)]), opts.sheetName ?? 'patterns.csv');
  if (opts.zip)
    fd.append(
      'zip',
      new Blob([new Uint8Array(opts.zip)], { type: 'application/zip' }),
      'files.zip',
    );
  return fd;
}

export function postImport(t: TestApp, user: TestUser, payload: FormData) {
  return t.app.inject({ method: 'POST', url: IMPORT_PATHS.list, headers: user.auth, payload });
}

export async function getImport(t: TestApp, user: TestUser, id: number): Promise<ImportDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: IMPORT_PATHS.oneOf(id),
    headers: user.auth,
  });
  if (res.statusCode !== 200) throw new Error(`GET import ${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A worker for the import's kinds (the import, its files' checks), run by hand: `drain()` runs queued jobs until none is due. */
export function importWorker(t: TestApp, hooks: RunHooks = {}, kinds?: string[]) {
  const worker = startJobWorker({
    db: t.deps.database.db,
    log: pino({ level: 'silent' }),
    handlers: [importJobHandler(t.deps, hooks), fileChecksJobHandler(t.deps)].filter(
      (h) => !kinds || kinds.includes(h.kind),
    ),
    autoStart: false,
  });
  return {
    worker,
    async drain(maxRounds = 20) {
      for (let i = 0; i < maxRounds && (await worker.runOnce()) > 0; i++);
    },
    /** Makes retries due now instead of after their back-off. */
    async retryNow() {
      await t.deps.database.db.execute(
        sql`UPDATE jobs SET run_at = now() WHERE status = 'pending'`,
      );
    },
  };
}

/** Upload, then run the check to its end; answers the job's report. */
export async function uploadAndCheck(
  t: TestApp,
  user: TestUser,
  form: FormData,
): Promise<ImportDetail> {
  const res = await postImport(t, user, form);
  if (res.statusCode !== 202) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  await importWorker(t).drain();
  return getImport(t, user, res.json().id);
}
