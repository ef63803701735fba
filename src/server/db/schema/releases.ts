import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { patterns } from './patterns';
import { users } from './users';

/**
 * Releases (docs/releases.md, migration 0030): a named set of patterns published together at
 * `publishAt`. The 'release.publish' job in the outbox fires it; `status` says where it stands.
 */
export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['scheduled', 'publishing', 'published', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('releases_status_publish_at_idx').on(t.status, t.publishAt)],
);

/** A release's patterns; `outcome` and `message` are set when it fires. */
export const releasePatterns = pgTable(
  'release_patterns',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    patternId: integer('pattern_id')
      .notNull()
      .references(() => patterns.ID, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: ['published', 'not_ready'] }),
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.patternId] }),
    index('release_patterns_pattern_idx').on(t.patternId),
  ],
);
