import { z } from 'zod';
import { IsoDateTimeSchema } from './common';
import type { MultipartSpec } from './uploads';
import { FABRIC_TYPES, GENDERS, PATTERN_TYPES, YES_NO } from '../options';
import { MSG } from '../messages';
import { FILE_LABELS, type FileKind } from './files';
import { PATTERN_LABELS, type PatternFields } from './patterns';
import { CREATE_MSG } from './pattern-create';

/**
 * Bulk import (issue 16): a sheet (CSV or XLSX, one row per size) and an optional ZIP of the files
 * the sheet names. Checked first by a job, then imported by the same job as drafts.
 *
 * - GET  template?format=csv|xlsx        the empty sheet (XLSX has a second sheet of allowed values)
 * - POST /api/imports                    multipart: `mode` (skip|update) first, then `sheet`, then `zip` (optional)
 * - GET  /api/imports, /api/imports/:id  the jobs of the user's brand (admins: all) and one job with its report
 * - POST /api/imports/:id/run            import what the check found valid
 * - GET  /api/imports/:id/report.csv     the sheet again with an added Errors column
 */
export const IMPORT_PATHS = {
  template: '/api/imports/template',
  list: '/api/imports',
  one: '/api/imports/:id',
  run: '/api/imports/:id/run',
  report: '/api/imports/:id/report.csv',
  oneOf: (id: number) => `/api/imports/${id}`,
  runOf: (id: number) => `/api/imports/${id}/run`,
  reportOf: (id: number) => `/api/imports/${id}/report.csv`,
  templateOf: (format: 'csv' | 'xlsx') => `/api/imports/template?format=${format}`,
} as const;

export const IMPORT_FIELDS = { mode: 'mode', sheet: 'sheet', zip: 'zip' } as const;

/** Where a column's value goes: the pattern (first filled row of the Pattern ID wins), a file of it, or the row's size. */
export type ImportColumnLevel = 'pattern' | 'file' | 'size';
export interface ImportColumn {
  key: string;
  label: string;
  level: ImportColumnLevel;
  /** Allowed values (listed on the template's second sheet). `Brand` lists brand names at run time. */
  options?: readonly string[];
  /** File columns: several names separated by ';' (Hero Images). */
  multiple?: boolean;
}

const P = PATTERN_LABELS;
const pattern = (key: keyof PatternFields, options?: readonly string[]): ImportColumn => ({
  key,
  label: P[key],
  level: 'pattern',
  options,
});
const file = (key: FileKind, multiple = false): ImportColumn => ({
  key,
  label: FILE_LABELS[key],
  level: 'file',
  multiple,
});

/** The template's columns, in order: every field of the submission form, with the spec's labels. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  pattern('SFCC_Pattern_ID'),
  pattern('Pattern_Name'),
  pattern('Brand'),
  pattern('Technical_Details'),
  pattern('Pattern_Description'),
  pattern('Fabric_Recommendation'),
  pattern('Fabric_type', FABRIC_TYPES),
  pattern('Notion'),
  pattern('Type', PATTERN_TYPES),
  pattern('Is_Printable', YES_NO),
  pattern('Gender', GENDERS),
  pattern('Price'),
  pattern('Suitable_For'),
  pattern('is_Subscribable', YES_NO),
  pattern('Pattern_Fit'),
  file('Instruction_PDF'),
  file('Yardage_PDF'),
  file('Main_Hero_Image'),
  file('Hero_Images', true),
  file('Size_Chart'),
  file('Yardage_Image'),
  file('Sketch_Image'),
  { key: 'pattern_view', label: 'Pattern View', level: 'size' },
  { key: 'Size', label: 'Size', level: 'size' },
  { key: 'pattern_pdf_file', label: FILE_LABELS.pattern_pdf_file, level: 'file' },
  { key: 'VariationID', label: 'VariationID', level: 'size' },
];
export const MULTI_NAME_SEPARATOR = ';';
export const REPORT_ERRORS_COLUMN = 'Errors';
export const ALLOWED_VALUES_SHEET = 'Allowed values';

/**
 * The numbers a sheet's Price may hold, by the sheet's separator (issue 48 item 8,
 * docs/product-decisions.md "Bulk import"): a sheet separated by semicolons or tabs (as a European
 * Excel saves "CSV") may use the decimal comma; a comma-separated sheet cannot, its comma is the
 * separator. XLSX number cells are numbers already.
 */
export const IMPORT_NUMBERS = {
  pointForms: '12.50 or 1234.50',
  commaForms: '12,50, 1234,50, 1.234,50 or 1\u00a0234,50 (12.50 too)', // no-break: the form stays on one line
  /** The template's note on the Price column and the wizard's line about numbers. */
  note: 'Prices: 12.50 in a comma-separated CSV; in a CSV separated by semicolons or tabs (as a European Excel saves it) also 12,50 and 1.234,50. A thousands mark alone, as in 1.234, is refused there as ambiguous: write 1234 or 1.234,00.',
} as const;

export const IMPORT_MODES = ['skip', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  skip: 'Skip patterns whose Pattern ID exists',
  update: 'Update patterns whose Pattern ID exists (only the filled columns)',
};

/** Texts of the import; the field messages themselves are the submission form's (shared contracts). */
export const IMPORT_MSG = {
  sheetRequired: 'Choose the filled sheet (CSV or XLSX)',
  sheetType: 'The sheet must be a CSV or XLSX file',
  zipType: 'The files must be in one ZIP file',
  emptyFile: (name: string) => `${name} is empty`,
  modeInvalid: 'Choose skip or update for existing Pattern IDs',
  noHeader: 'The sheet has no header row with a Pattern ID column',
  /** The first row has cells, none of them Pattern ID: name what was found, so a wrong file or row shows. */
  noPatternIdColumn: (found: string[]) => {
    const shown = found.filter(Boolean).slice(0, 8);
    const list = shown.map((h) => `"${h.length > 40 ? `${h.slice(0, 40)}…` : h}"`).join(', ');
    const more = found.filter(Boolean).length - shown.length;
    return `The sheet has no Pattern ID column; its first row has ${list}${more > 0 ? ` and ${more} more` : ''}`;
  },
  unknownColumn: (name: string) => `Unknown column ${name}; use the template's columns`,
  tooManyRows: (max: number) =>
    `The sheet has more than ${max} rows; split it into several imports`,
  emptySheet: 'The sheet has no rows to import',
  rowsApart: (first: number) =>
    `This Pattern ID's rows must follow each other (it started at row ${first})`,
  patternIdTaken: MSG.patternIdTaken,
  willSkip: `${MSG.patternIdTaken}; it will be skipped`,
  otherBrand: CREATE_MSG.otherBrand,
  noBrand: CREATE_MSG.noBrand,
  unknownBrand: CREATE_MSG.unknownBrand,
  /** A number the sheet's separator does not allow (IMPORT_NUMBERS): the forms it does, at the field. */
  notANumber: (label: string, forms: string) => `${label} must be a number such as ${forms}`,
  decimalCommaInCommaSheet: (label: string, text: string, asPoint: string) =>
    `${label} "${text}" has a decimal comma, which a comma-separated sheet cannot hold: write ${asPoint}, or save the sheet separated by semicolons`,
  ambiguousNumber: (label: string, text: string) =>
    `${label} "${text}" is ambiguous (is the mark a thousands mark or a decimal mark?): write ${text.replace(/[.,]/, '')} for the thousands, or at most two decimals`,
  notInZip: (name: string) => `${name} is not in the ZIP`,
  noZip: (name: string) => `${name} is named but no ZIP was uploaded`,
  unusedFile: (name: string) => `${name} is in the ZIP but no row names it`,
  duplicateInZip: (name: string) => `${name} is in the ZIP more than once (in different folders)`,
  notChecked: 'Wait for the check to finish before importing',
  nothingToImport: 'No pattern passed the check; fix the sheet and upload it again',
  alreadyRan: 'This import has already run',
  interrupted: (done: number, total: number) =>
    `The import stopped after ${done} of ${total} patterns; no pattern was left half-imported`,
  zipRefused: (why: string) => `The ZIP was refused: ${why}`,
  zip: {
    unreadable: 'it is not a readable ZIP file',
    unsafePath: (name: string) => `${name} points outside the ZIP's folders`,
    absolutePath: (name: string) => `${name} has an absolute path`,
    tooManyEntries: (max: number) => `it holds more than ${max} entries`,
    tooLargeTotal: (mb: number) => `its files add up to more than ${mb} MB uncompressed`,
    ratio: (name: string, max: number) =>
      `${name} is compressed more than ${max} times (a ZIP bomb?)`,
    nested: (name: string) => `${name} is a ZIP inside the ZIP; put the files in directly`,
    symlink: (name: string) => `${name} is a symbolic link`,
    encrypted: (name: string) => `${name} is encrypted`,
  },
} as const;

export const IMPORT_STATUSES = ['checking', 'checked', 'importing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  checking: 'Checking',
  checked: 'Checked',
  importing: 'Importing',
  done: 'Done',
  failed: 'Failed',
};

export const TemplateQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

/** One problem of the report: row 0 is the ZIP or the sheet as a whole. */
export const ImportIssueSchema = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

/** ready/invalid/skip after the check; created/updated/skipped/failed after the import. */
export const IMPORT_OUTCOMES = [
  'ready',
  'invalid',
  'skip',
  'created',
  'updated',
  'skipped',
  'failed',
] as const;
export const ImportOutcomeSchema = z.object({
  patternId: z.string(),
  row: z.number(),
  outcome: z.enum(IMPORT_OUTCOMES),
  reason: z.string().nullable(),
  /** The created or updated pattern's record ID. */
  recordId: z.number().nullable(),
});
export type ImportOutcome = z.infer<typeof ImportOutcomeSchema>;

export const ImportJobSchema = z.object({
  id: z.number(),
  status: z.enum(IMPORT_STATUSES),
  mode: z.enum(IMPORT_MODES),
  sheetName: z.string(),
  zipName: z.string().nullable(),
  createdBy: z.string().nullable(),
  brandName: z.string().nullable(),
  rows: z.number(),
  /** Patterns in the sheet; valid = would be created or updated. */
  patterns: z.number(),
  valid: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  failed: z.number(),
  /** Progress of the running phase: patterns (or rows while checking) and bytes read from the ZIP. */
  done: z.number(),
  total: z.number(),
  bytesDone: z.number(),
  bytesTotal: z.number(),
  /**
   * The follow-up of the import: its stored PDFs are checked (facts, first-page thumbnails) in the
   * background after it; `checked` of `total` so far.
   */
  files: z.object({ total: z.number(), checked: z.number() }),
  error: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportDetailSchema = ImportJobSchema.extend({
  issues: z.array(ImportIssueSchema),
  /** True when the report has more issues than shown (download the CSV for all). */
  issuesTruncated: z.boolean(),
  /** Each pattern's outcome; empty while the import checks or imports (its progress says how far). */
  outcomes: z.array(ImportOutcomeSchema),
});
export type ImportDetail = z.infer<typeof ImportDetailSchema>;

export const ImportListSchema = z.object({ items: z.array(ImportJobSchema) });
export type ImportList = z.infer<typeof ImportListSchema>;

/** How many issues the status screen shows; the CSV report has all of them. */
export const ISSUES_SHOWN = 500;

/** The upload of an import (read by the one upload reader; its limits come from the configuration). */
const ONE_FILE_HERE = 'Only one file can be uploaded here';
export const IMPORT_UPLOAD: MultipartSpec<
  typeof IMPORT_FIELDS.mode,
  typeof IMPORT_FIELDS.sheet | typeof IMPORT_FIELDS.zip
> = {
  notMultipart: 'Send the sheet as multipart/form-data',
  fields: [IMPORT_FIELDS.mode],
  files: [
    {
      name: IMPORT_FIELDS.sheet,
      accepts: 'sheet',
      max: 1,
      tooMany: ONE_FILE_HERE,
      required: IMPORT_MSG.sheetRequired,
    },
    { name: IMPORT_FIELDS.zip, accepts: 'zip', max: 1, tooMany: ONE_FILE_HERE },
  ],
  unknownFiles: 'skip',
};
