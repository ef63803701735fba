import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many patterns exist per brand, status and filterable field, kept exact by triggers on
 * `patterns` (migration 0001). The list sums it for its total instead of counting rows
 * (docs/decisions/002-pattern-list-at-scale.md). '' stands for "not set" (a key cannot be NULL).
 */
export const patternCounts = pgTable(
  'pattern_counts',
  {
    brandId: integer('brand_id').notNull(),
    status: text('status').notNull(),
    type: text('type').notNull(),
    fabric: text('fabric').notNull(),
    printable: text('printable').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'pattern_counts_pk',
      columns: [t.brandId, t.status, t.type, t.fabric, t.printable],
    }),
  ],
);
