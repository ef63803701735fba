import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { users } from './users';
import { patterns } from './patterns';
import { IMPORT_MODES, IMPORT_OUTCOMES, IMPORT_STATUSES } from '../../../shared/contracts/imports';

/**
 * One bulk import (issue 16). The uploaded sheet and ZIP stay in the file store under `imports/`
 * until the import ends. `runner`/`heartbeatAt` make sure one process works on it at a time,
 * whatever the queue's lease does.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    /** The importing user's brand (null for admins): the job is listed under that brand's Imports. */
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('checking'),
    mode: text('mode', { enum: IMPORT_MODES }).notNull(),
    sheetName: text('sheet_name').notNull(),
    sheetKey: text('sheet_key').notNull(),
    sheetFormat: text('sheet_format', { enum: ['csv', 'xlsx'] }).notNull(),
    zipName: text('zip_name'),
    zipKey: text('zip_key'),
    zipBytes: bigint('zip_bytes', { mode: 'number' }).notNull().default(0),
    rows: integer('rows').notNull().default(0),
    patterns: integer('patterns').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    /** The imported PDFs queued for their check (facts, thumbnails) after the import, and how many were checked. */
    filesTotal: integer('files_total').notNull().default(0),
    filesChecked: integer('files_checked').notNull().default(0),
    error: text('error'),
    runner: text('runner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_jobs_brand_idx').on(t.brandId, t.id)],
);

/** One pattern of the sheet: what the check found and what the import did. `data` is the validated submission. */
export const importPatterns = pgTable(
  'import_patterns',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    sfccPatternId: text('sfcc_pattern_id').notNull(),
    firstRow: integer('first_row').notNull(),
    outcome: text('outcome', { enum: IMPORT_OUTCOMES }).notNull(),
    reason: text('reason'),
    data: jsonb('data'),
    recordId: integer('record_id').references(() => patterns.ID, { onDelete: 'set null' }),
  },
  (t) => [unique('import_patterns_job_seq_uq').on(t.jobId, t.seq)],
);

/** The check's report: one row per problem, at its sheet row (0 = the ZIP or the whole sheet) and column. */
export const importIssues = pgTable(
  'import_issues',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    column: text('column').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('import_issues_job_idx').on(t.jobId, t.row)],
);
