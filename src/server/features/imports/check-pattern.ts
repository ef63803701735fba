import { z } from 'zod';
import {
  IMPORT_COLUMNS,
  IMPORT_MSG,
  MULTI_NAME_SEPARATOR,
  type ImportIssue,
  type ImportMode,
} from '../../../shared/contracts/imports';
import {
  PatternFieldsSchema,
  PATTERN_LABELS,
  SizeEntrySchema,
  type PatternFields,
} from '../../../shared/contracts/patterns';
import {
  CREATE_MSG,
  EVERY_TIME,
  PatternCreateDataSchema,
  checkUniqueSizes,
} from '../../../shared/contracts/pattern-create';
import { FILE_LABELS, type FileKind } from '../../../shared/contracts/files';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { TRASH_MSG } from '../../../shared/contracts/trash';
import type { ImportOutcome } from '../../../shared/contracts/imports';
import { readSheetNumber, type NumberStyle } from './sheet-number';

/** One sheet row of a pattern: its number and its filled cells by column key. */
export interface GroupRow {
  row: number;
  values: Record<string, string>;
}

/** A file the import will read from the ZIP: where the sheet named it, so problems land at that cell. */
export interface PlannedFile {
  kind: FileKind;
  name: string;
  path: string;
  row: number;
}

/** What the import does with one pattern, stored as the job's `data` between check and import. */
export interface PlannedPattern {
  /** The existing record to update (mode update), or null to create. */
  updateId: number | null;
  /** The updated pattern's version when the sheet was checked: the import refuses it if it moved since (docs/concurrency.md). */
  updateVersion?: number;
  fields: Partial<Omit<PatternFields, 'Brand'>> & { Brand?: number };
  sizes: { pattern_view: string; Size: string; VariationID?: string; pdf?: PlannedFile }[];
  files: PlannedFile[];
}

export interface CheckContext {
  mode: ImportMode;
  /** The importing user's brand, or null for an admin (any brand). */
  scope: number | null;
  brandByName: Map<string, number>;
  brandIds: Set<number>;
  /** The existing pattern with this Pattern ID, if any (`deletedAt`: it is in the Trash, which keeps the ID). */
  existing?: { ID: number; brandId: number; deletedAt?: Date | null; version?: number };
  /** How the sheet writes numbers (its separator's; sheet-number.ts). */
  numbers: NumberStyle;
  /** Finds a named file in the ZIP: its path, or a problem message. */
  findFile(name: string): { path: string } | { problem: string };
  /** Checks a ZIP entry's content and size against the kind's rule (cached per entry): a message or undefined. */
  sniff(path: string, kind: FileKind, name: string): Promise<string | undefined>;
}

const SIZE_LABELS: Record<string, string> = {
  pattern_view: 'Pattern View',
  Size: 'Size',
  VariationID: 'VariationID',
  Pattern_Pdf_File_Name: FILE_LABELS.pattern_pdf_file,
};
const FILE_COLUMNS = IMPORT_COLUMNS.filter(
  (c) => c.level === 'file' && c.key !== 'pattern_pdf_file',
);
const PATTERN_KEYS = IMPORT_COLUMNS.filter((c) => c.level === 'pattern').map(
  (c) => c.key as keyof PatternFields,
);

const splitNames = (text: string) =>
  text
    .split(MULTI_NAME_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);

/** Every file name the rows give, in any file column (a pattern skipped as a whole still names them). */
function namedFiles(rows: GroupRow[]): string[] {
  const names: string[] = [];
  for (const r of rows) {
    for (const col of FILE_COLUMNS) {
      const text = r.values[col.key];
      if (text !== undefined) names.push(...(col.multiple ? splitNames(text) : [text]));
    }
    if (r.values.pattern_pdf_file !== undefined) names.push(r.values.pattern_pdf_file);
  }
  return names;
}

/** An update checks only the filled columns: every pattern field optional, sizes only those named. */
const UpdateSchema = PatternFieldsSchema.partial().extend({
  Size: z
    .array(SizeEntrySchema)
    .max(LIMITS.sizesMax, CREATE_MSG.sizesMax)
    .superRefine(checkUniqueSizes, EVERY_TIME),
});

/**
 * Checks one pattern's rows with the submission form's own schema and messages, resolves its
 * brand and files, and answers its issues (at sheet row and column label) and its plan.
 */
export async function checkPattern(
  patternId: string,
  rows: GroupRow[],
  ctx: CheckContext,
): Promise<{ outcome: ImportOutcome['outcome']; issues: ImportIssue[]; plan?: PlannedPattern }> {
  const issues: ImportIssue[] = [];
  const add = (row: number, column: string, message: string) =>
    issues.push({ row, column, message });
  const first = rows[0]!.row; // a pattern's group holds at least its first row
  // Pattern fields: the first row that fills a column gives its value (and is where its problem is shown).
  const source: Record<string, number> = {};
  const fields: Record<string, string> = {};
  for (const r of rows) {
    for (const key of [...PATTERN_KEYS, ...FILE_COLUMNS.map((c) => c.key)]) {
      if (fields[key] === undefined && r.values[key] !== undefined) {
        fields[key] = r.values[key];
        source[key] = r.row;
      }
    }
  }
  const rowOf = (key: string) => source[key] ?? first;

  const update = ctx.existing && ctx.mode === 'update' ? ctx.existing : undefined;
  if (ctx.existing) {
    const visible = ctx.scope === null || ctx.existing.brandId === ctx.scope;
    if (visible && ctx.existing.deletedAt) {
      add(first, PATTERN_LABELS.SFCC_Pattern_ID, TRASH_MSG.idInTrash(patternId));
      return { outcome: 'invalid', issues };
    }
    if (!visible || ctx.mode === 'skip') {
      add(
        first,
        PATTERN_LABELS.SFCC_Pattern_ID,
        visible ? IMPORT_MSG.willSkip : IMPORT_MSG.patternIdTaken,
      );
      // Its files are named all the same: not "in the ZIP but no row names it" (issue 34).
      for (const name of namedFiles(rows)) ctx.findFile(name);
      return { outcome: visible ? 'skip' : 'invalid', issues };
    }
  }

  // Brand: a name (or ID) from the sheet; a partner's empty Brand is their own, another brand is refused.
  let brand: number | undefined;
  const brandText = fields.Brand;
  if (brandText !== undefined) {
    brand =
      /^\d+$/.test(brandText) && ctx.brandIds.has(Number(brandText))
        ? Number(brandText)
        : ctx.brandByName.get(brandText.toLowerCase());
    if (brand === undefined) add(rowOf('Brand'), PATTERN_LABELS.Brand, IMPORT_MSG.unknownBrand);
    else if (ctx.scope !== null && brand !== ctx.scope)
      add(
        rowOf('Brand'),
        PATTERN_LABELS.Brand,
        ctx.scope === -1 ? IMPORT_MSG.noBrand : IMPORT_MSG.otherBrand,
      );
    else if (update && brand !== update.brandId)
      add(rowOf('Brand'), PATTERN_LABELS.Brand, IMPORT_MSG.otherBrand);
  } else if (ctx.scope !== null) {
    if (ctx.scope === -1) add(first, PATTERN_LABELS.Brand, IMPORT_MSG.noBrand);
    brand = ctx.scope;
  }

  const sizeRows = update
    ? rows.filter((r) => r.values.pattern_view !== undefined || r.values.Size !== undefined)
    : rows;
  const input: Record<string, unknown> = { SFCC_Pattern_ID: patternId };
  for (const key of PATTERN_KEYS)
    if (key !== 'Brand' && fields[key] !== undefined) input[key] = fields[key];
  if (!update || brand !== undefined)
    input.Brand = brand ?? (brandText === undefined ? undefined : -1);
  // Price as the sheet's separator lets it be written (a decimal comma in a semicolon sheet).
  if (fields.Price !== undefined) {
    const price = readSheetNumber(fields.Price, ctx.numbers, PATTERN_LABELS.Price);
    if ('problem' in price) {
      add(rowOf('Price'), PATTERN_LABELS.Price, price.problem);
      delete input.Price;
    } else input.Price = price.text;
  }
  input.Size = sizeRows.map((r) => ({
    pattern_view: r.values.pattern_view,
    Size: r.values.Size,
    VariationID: r.values.VariationID,
  }));

  const parsed = (update ? UpdateSchema : PatternCreateDataSchema).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, key] = issue.path;
      if (head === 'Size' && typeof index === 'number')
        add(sizeRows[index]?.row ?? first, SIZE_LABELS[String(key)] ?? 'Size', issue.message);
      else if (head === 'Size') add(first, 'Size', issue.message);
      else if (head === 'Brand') {
        if (!issues.some((i) => i.column === PATTERN_LABELS.Brand))
          add(rowOf('Brand'), PATTERN_LABELS.Brand, issue.message);
      } else
        add(
          rowOf(String(head)),
          PATTERN_LABELS[head as keyof typeof PATTERN_LABELS] ?? String(head),
          issue.message,
        );
    }
  }

  // Files: each named file must be in the ZIP, once, and pass the form's type and size check.
  const plannedFiles: PlannedFile[] = [];
  const resolve = async (
    kind: FileKind,
    name: string,
    row: number,
  ): Promise<PlannedFile | undefined> => {
    const found = ctx.findFile(name);
    if ('problem' in found) {
      add(row, FILE_LABELS[kind], found.problem);
      return undefined;
    }
    const problem = await ctx.sniff(found.path, kind, name);
    if (problem) {
      add(row, FILE_LABELS[kind], problem);
      return undefined;
    }
    return { kind, name, path: found.path, row };
  };
  for (const col of FILE_COLUMNS) {
    const text = fields[col.key];
    if (text === undefined) continue;
    const names = col.multiple ? splitNames(text) : [text];
    if (col.multiple && names.length > LIMITS.heroImagesMax)
      add(rowOf(col.key), col.label, CREATE_MSG.heroMax);
    for (const name of names.slice(0, LIMITS.heroImagesMax)) {
      const f = await resolve(col.key as FileKind, name, rowOf(col.key));
      if (f) plannedFiles.push(f);
    }
  }
  const sizes: PlannedPattern['sizes'] = [];
  for (const r of sizeRows) {
    const pdfName = r.values.pattern_pdf_file;
    let pdf: PlannedFile | undefined;
    if (pdfName === undefined) {
      if (!update) add(r.row, FILE_LABELS.pattern_pdf_file, MSG.patternPdfRequired);
    } else pdf = await resolve('pattern_pdf_file', pdfName, r.row);
    sizes.push({
      pattern_view: r.values.pattern_view ?? '',
      Size: r.values.Size ?? '',
      VariationID: r.values.VariationID,
      pdf,
    });
  }

  if (issues.length > 0 || !parsed.success) return { outcome: 'invalid', issues };
  const { Size: _sizes, ...checked } = parsed.data as Record<string, unknown> & { Size: unknown };
  return {
    outcome: 'ready',
    issues,
    plan: {
      updateId: update?.ID ?? null,
      ...(update?.version === undefined ? {} : { updateVersion: update.version }),
      fields: checked as PlannedPattern['fields'],
      sizes,
      files: plannedFiles,
    },
  };
}
