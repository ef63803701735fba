import { Readable } from 'node:stream';
import {
  IMPORT_COLUMNS,
  REPORT_ERRORS_COLUMN,
  type ImportColumn,
} from '../../../shared/contracts/imports';
import { undoFormulaGuard } from '../../lib/csv';
import { csvSource } from './csv-text';

export type SheetFormat = 'csv' | 'xlsx';

/**
 * One row of the sheet as text cells; `row` is the number a spreadsheet shows (the header is row 1).
 * `delimiter` is a CSV's cell separator (undefined in XLSX): it says how the sheet writes numbers
 * (sheet-number.ts) and is the one the report writes the sheet back with.
 */
export interface SheetRow {
  row: number;
  cells: string[];
  delimiter?: string;
}

/** Text of an exceljs cell value: rich text, hyperlinks, formulas (their result) and dates flattened. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if ('result' in o) return cellText(o.result);
  }
  return '';
}

async function* xlsxRows(source: Readable): AsyncGenerator<SheetRow> {
  // Streaming reader: rows arrive one by one; only the shared strings table is kept (XLSX needs it).
  // Loaded on first use: exceljs costs about half a second at every start otherwise.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values as unknown[]; // 1-based, sparse
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
      yield { row: row.number, cells };
    }
    return; // the first sheet only; the second lists the allowed values
  }
}

async function* csvRows(source: Readable): AsyncGenerator<SheetRow> {
  // Encoding (UTF-8 with or without BOM, Windows-1252) and delimiter (, ; tab) as saved by the
  // spreadsheet (csv-text.ts); quoted cells may hold the delimiter and line breaks.
  const { delimiter, text } = await csvSource(source);
  const { parse } = await import('csv-parse'); // loaded on first use, like exceljs above
  const decoded = Readable.from(text);
  // A read error (or the reader destroyed when the check stops early) ends the parser with it.
  decoded.on('error', (err) => parser.destroy(err));
  const parser = decoded.pipe(
    parse({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
    }),
  );
  source.on('error', (err) => parser.destroy(err));
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    row++;
    yield { row, cells: record, delimiter };
  }
}

/** The sheet itself cannot be read (malformed CSV quotes, a damaged XLSX): the user's file, not a fault. */
export class SheetUnreadable extends Error {}

/** Reads a sheet row by row; blank rows are skipped (their numbers still count). */
export async function* readSheet(source: Readable, format: SheetFormat): AsyncGenerator<SheetRow> {
  const rows = format === 'xlsx' ? xlsxRows(source) : csvRows(source);
  for (;;) {
    let next: IteratorResult<SheetRow>;
    try {
      next = await rows.next();
    } catch (err) {
      throw new SheetUnreadable(
        `The sheet could not be read: ${(String((err as Error)?.message ?? err).split('\n')[0] ?? '').slice(0, 200)}`,
      );
    }
    if (next.done) return;
    // A report the portal wrote (its formula guard undone) reads back as the user's own cells.
    const cells = next.value.cells.map(undoFormulaGuard);
    if (cells.some((c) => c !== '')) yield { ...next.value, cells };
  }
}

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');
const BY_NAME = new Map<string, ImportColumn>();
for (const c of IMPORT_COLUMNS) {
  BY_NAME.set(norm(c.label), c);
  BY_NAME.set(norm(c.key), c);
}

/** Maps the header row's cells to columns (by label or field name); unknown names are reported, the report's own Errors column is ignored. */
export function mapHeader(cells: string[]): {
  columns: (ImportColumn | undefined)[];
  unknown: string[];
} {
  const unknown: string[] = [];
  const columns = cells.map((cell) => {
    if (cell === '' || norm(cell) === norm(REPORT_ERRORS_COLUMN)) return undefined;
    const col = BY_NAME.get(norm(cell));
    if (!col) unknown.push(cell);
    return col;
  });
  return { columns, unknown };
}

/** A data row as `{ column key: text }`; empty cells are left out. */
export function rowValues(
  columns: (ImportColumn | undefined)[],
  cells: string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  columns.forEach((c, i) => {
    const v = (cells[i] ?? '').trim();
    if (c && v !== '' && out[c.key] === undefined) out[c.key] = v;
  });
  return out;
}
