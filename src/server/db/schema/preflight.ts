import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { FileCheck } from '../../../shared/contracts/preflight';
import { patternFiles } from './patterns';

/** What the upload preflight found in a stored file (docs/preflight.md); removed with the file. */
export const fileChecks = pgTable('file_checks', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => patternFiles.id, { onDelete: 'cascade' }),
  check: jsonb('check').$type<FileCheck>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
