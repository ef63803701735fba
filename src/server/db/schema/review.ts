import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { patterns } from './patterns';
import { users } from './users';

/**
 * The pattern's history (issue 13): one row per change, written in the change's own transaction.
 * No foreign key to patterns: the history of a deleted pattern (its "deleted" entry) stays.
 */
export const patternActivity = pgTable(
  'pattern_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patternId: integer('pattern_id').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // Names as they were: a renamed or deleted user still reads right in old entries.
    actorName: text('actor_name').notNull(),
    actorBrand: text('actor_brand'),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pattern_activity_pattern_idx').on(t.patternId, t.id)],
);

/** An admin's "Request changes": the reason, open until the pattern is sent to review again. */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: serial('id').primaryKey(),
    patternId: integer('pattern_id')
      .notNull()
      .references(() => patterns.ID, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    activityId: bigint('activity_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('review_requests_pattern_idx').on(t.patternId, t.closedAt)],
);

/** A note on one field ('Price'), file (its id) or size (its id) of a request. */
export const reviewNotes = pgTable(
  'review_notes',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => reviewRequests.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['field', 'file', 'size'] }).notNull(),
    targetKey: text('target_key').notNull(),
    targetLabel: text('target_label').notNull(),
    text: text('text').notNull(),
    addressedAt: timestamp('addressed_at', { withTimezone: true }),
    addressedBy: integer('addressed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('review_notes_request_idx').on(t.requestId)],
);

/** The pattern as last reviewed (published or sent back): "Changed since last review" compares against it. */
export const reviewSnapshots = pgTable('review_snapshots', {
  patternId: integer('pattern_id')
    .primaryKey()
    .references(() => patterns.ID, { onDelete: 'cascade' }),
  snapshot: jsonb('snapshot').notNull(),
  outcome: text('outcome', { enum: ['published', 'changes_requested'] }).notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-user mail choices; a missing row means the defaults (all on). */
export const mailPreferences = pgTable('mail_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reviewMails: boolean('review_mails').notNull().default(true),
  // Set by admins for admins: who is told that a pattern waits for review.
  reviewRecipient: boolean('review_recipient').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
