import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { PublishedContent } from '../../../shared/contracts/pattern-published';
import { patterns } from './patterns';
import { users } from './users';

const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The published version of each pattern that was ever published (issue 30): its fields, sizes and
 * file references as they were reviewed, written by publish in the same transaction. An edit after
 * publishing leaves it alone; unpublishing sets `unpublishedAt` (not live) and keeps the record, so
 * the storefront knows which product and variants to take offline. Deleted with the pattern.
 */
export const patternPublishedVersions = pgTable('pattern_published_versions', {
  patternId: integer('pattern_id')
    .primaryKey()
    .references(() => patterns.ID, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  brandId: integer('brand_id').notNull(),
  SFCC_Pattern_ID: text('SFCC_Pattern_ID').notNull(),
  data: jsonb('data').$type<PublishedContent>().notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
  unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
  /** 'publish'; 'migration' / 'migration_review_snapshot' for the records migration 0013 filled. */
  source: text('source').notNull().default('publish'),
});

/**
 * The changes feed of published versions (`version=published`), kept by a trigger on
 * pattern_published_versions (migration 0013): 'published' (a new version), 'unpublished', 'deleted'.
 */
export const publishedChanges = pgTable(
  'published_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    patternId: integer('pattern_id').notNull(),
    brandId: integer('brand_id').notNull(),
    SFCC_Pattern_ID: text('SFCC_Pattern_ID').notNull(),
    op: text('op', { enum: ['published', 'unpublished', 'deleted'] }).notNull(),
    version: integer('version').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('published_changes_txid_seq_idx').on(t.txid, t.seq),
    index('published_changes_brand_txid_seq_idx').on(t.brandId, t.txid, t.seq),
  ],
);
