import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { brands } from './brands';
import { users } from './users';

/** PostgreSQL's 64-bit transaction id; read as text so JavaScript keeps every digit. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** Tokens for integrations (issue 14): only the SHA-256 is kept, as for sessions. */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  scope: text('scope', { enum: ['read', 'read_write'] }).notNull(),
  brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per change of a pattern, written by a trigger on `patterns` (drizzle/0004). The feed
 * orders by (txid, seq) and only answers rows of transactions older than every running one
 * (pg_snapshot_xmin), so a transaction that commits late can never land behind a cursor.
 */
export const patternChanges = pgTable(
  'pattern_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    patternId: integer('pattern_id').notNull(),
    brandId: integer('brand_id').notNull(),
    SFCC_Pattern_ID: text('SFCC_Pattern_ID').notNull(),
    op: text('op', { enum: ['created', 'updated', 'deleted'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pattern_changes_txid_seq_idx').on(t.txid, t.seq),
    index('pattern_changes_brand_txid_seq_idx').on(t.brandId, t.txid, t.seq),
  ],
);

/** Webhook endpoints. Secrets are stored encrypted (AES-256-GCM, secret-box.ts): signing needs them, so not a hash. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: jsonb('events').$type<string[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /** The first failed attempt since the last success; an endpoint failing too long is disabled (paused). */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An event as it was when its change committed; one delivery per subscribed endpoint. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    response: text('response'),
    error: text('error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** While its endpoint is disabled the delivery waits until then, and fails after (redelivering restarts it). */
    retryUntil: timestamp('retry_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 day'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_event_endpoint_uq').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_endpoint_status_idx').on(t.endpointId, t.status, t.id),
  ],
);

/** Every attempt of a delivery (the Integrations screen's history). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    response: text('response'),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
