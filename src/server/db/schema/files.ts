import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { patternPublishedVersions } from './published';

/**
 * Every object of the file store that rows may name (migration 0021, ADR 009): content keys
 * (`patterns/sha256/…`, `sha256` set) and legacy keys (`sha256` null until the rehash moves them;
 * `missing` when their object could not be read). A row's key always has its stored_objects row
 * (a trigger on pattern_files), which the deleter locks.
 */
export const storedObjects = pgTable('stored_objects', {
  key: text('key').primaryKey(),
  sha256: text('sha256'),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
  missing: boolean('missing').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An upload's hold on an object until its row is recorded (or the lease expires). */
export const objectLeases = pgTable(
  'object_leases',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('object_leases_key_idx').on(t.key)],
);

/** While a backup copies the store, no object is deleted. */
export const fileStoreHolds = pgTable('file_store_holds', {
  id: text('id').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/** The keys a published version names (kept from its data by a trigger): references like rows. */
export const publishedFileRefs = pgTable(
  'published_file_refs',
  {
    patternId: integer('pattern_id')
      .notNull()
      .references(() => patternPublishedVersions.patternId, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [
    primaryKey({ name: 'published_file_refs_pk', columns: [t.patternId, t.storageKey] }),
    index('published_file_refs_key_idx').on(t.storageKey),
  ],
);
