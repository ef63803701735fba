import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { patternFiles, patterns } from './patterns';

/** What a run sent for one pattern: its pending row's id and version, the mode, the product ids named. */
export type RunItem = [number, number, ('upsert' | 'offline' | 'delete')?, string[]?];

/** Storefront delivery (migration 0016, docs/storefront.md). One row per target, kept in step with the environment at start. */
export const storefrontTargets = pgTable('storefront_targets', {
  name: text('name', { enum: ['staging', 'production'] }).primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  batchMs: integer('batch_ms').notNull().default(60_000),
  /** One delivery per target at a time, across processes: a lease renewed while a run lasts. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What waits to reach a target: one row per pattern (the newest change wins); deleted once its import is confirmed. */
export const storefrontPending = pgTable(
  'storefront_pending',
  {
    target: text('target', { enum: ['staging', 'production'] })
      .notNull()
      .references(() => storefrontTargets.name),
    /** Not a foreign key: a deletion must still be sent after the pattern is gone. */
    patternId: integer('pattern_id').notNull(),
    /** Bumped by every change, so a run confirms only the versions it sent. */
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('storefront_pending_seq')`),
    productId: text('product_id').notNull(),
    mode: text('mode', { enum: ['upsert', 'offline', 'delete'] }).notNull(),
    variantIds: jsonb('variant_ids').$type<string[]>().notNull().default([]),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'storefront_pending_pk', columns: [t.target, t.patternId] }),
    index('storefront_pending_target_seq_idx').on(t.target, t.seq),
  ],
);

export const storefrontRuns = pgTable(
  'storefront_runs',
  {
    id: serial('id').primaryKey(),
    target: text('target', { enum: ['staging', 'production'] })
      .notNull()
      .references(() => storefrontTargets.name),
    status: text('status', { enum: ['running', 'ok', 'error'] })
      .notNull()
      .default('running'),
    archiveName: text('archive_name').notNull(),
    products: integer('products').notNull().default(0),
    /**
     * [patternId, seq, mode, product ids] of each pending row the archive holds: what a confirmed
     * import clears, and what it sent for it (runs before migration 0028: the first two only).
     */
    items: jsonb('items').$type<RunItem[]>().notNull().default([]),
    executionId: text('execution_id'),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('storefront_runs_target_idx').on(t.target, t.id)],
);

/** Each pattern's outcome per target, shown on the pattern, the list and the Integrations screen. */
export const storefrontStatus = pgTable(
  'storefront_status',
  {
    patternId: integer('pattern_id')
      .notNull()
      .references(() => patterns.ID, { onDelete: 'cascade' }),
    target: text('target', { enum: ['staging', 'production'] })
      .notNull()
      .references(() => storefrontTargets.name),
    state: text('state', { enum: ['pending', 'ok', 'error'] }).notNull(),
    mode: text('mode', { enum: ['upsert', 'offline', 'delete'] }).notNull(),
    /** When the last confirmed import finished. */
    since: timestamp('since', { withTimezone: true }),
    /** When the product went online on this target and stayed (first confirmed upsert); null while it is not. */
    liveSince: timestamp('live_since', { withTimezone: true }),
    message: text('message'),
    /** Product ids (master, variants) the target may hold for the pattern (migration 0028); null: not known. */
    held: jsonb('held').$type<string[]>(),
    runId: integer('run_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'storefront_status_pk', columns: [t.patternId, t.target] })],
);

/** SHA-256 of pattern PDFs, computed once when an archive first needs it. */
export const storefrontFileHashes = pgTable('storefront_file_hashes', {
  fileId: integer('file_id')
    .primaryKey()
    .references(() => patternFiles.id, { onDelete: 'cascade' }),
  sha256: text('sha256').notNull(),
});
