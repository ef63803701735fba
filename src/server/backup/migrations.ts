import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../db/client';

interface Journal {
  entries: { idx: number; tag: string }[];
}

const readJournal = (folder: string): Journal =>
  JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** This code's migrations, in order. */
export const journalTags = (): string[] =>
  readJournal(migrationsFolder()).entries.map((e) => e.tag);

/**
 * A folder holding this code's first `count` migrations (an older release's schema): a restore
 * builds the archive's schema with it before loading rows, then the portal's start applies the rest.
 * The caller removes it.
 */
export function migrationsUpTo(count: number): string {
  const source = migrationsFolder();
  const journal = readJournal(source);
  if (count > journal.entries.length)
    throw new Error(
      `the archive's database has ${count} migrations; this version of the portal knows ${journal.entries.length}: restore it with a newer version`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, count);
  fs.writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  for (const e of entries)
    fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}
