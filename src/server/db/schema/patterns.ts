import { isNull, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { users } from './users';
import { FILE_KINDS } from '../../../shared/contracts/files';

const liveSql = (t: { deletedAt: AnyPgColumn }) => sql`${t.deletedAt} is null`;

/** Column names keep the specification's field names: partners' data uses them. */
export const patterns = pgTable(
  'patterns',
  {
    ID: serial('ID').primaryKey(),
    SFCC_Pattern_ID: text('SFCC_Pattern_ID').notNull().unique(),
    Pattern_Name: text('Pattern_Name').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    Technical_Details: text('Technical_Details'),
    Pattern_Description: text('Pattern_Description'),
    Fabric_Recommendation: text('Fabric_Recommendation'),
    Fabric_type: text('Fabric_type'),
    Notion: text('Notion'),
    Type: text('Type'),
    Is_Printable: text('Is_Printable'),
    Gender: text('Gender'),
    Price: numeric('Price', { precision: 10, scale: 2 }),
    Suitable_For: text('Suitable_For'),
    is_Subscribable: text('is_Subscribable'),
    Pattern_Fit: text('Pattern_Fit'),
    IS_SFCC_TESTING: boolean('IS_SFCC_TESTING').notNull().default(false),
    SFCC_Status: text('SFCC_Status', {
      enum: ['draft', 'in_review', 'changes_requested', 'published'],
    })
      .notNull()
      .default('draft'),
    /**
     * A published pattern's edit on its way through review (the pattern stays published meanwhile):
     * 'in_review' once sent, 'changes_requested' once sent back; null otherwise (and whenever the
     * pattern is not published). See transitions.ts.
     */
    editStatus: text('edit_status', { enum: ['in_review', 'changes_requested'] }),
    /**
     * The list's thumbnail: the newest Main_Hero_Image whose check made thumbnails, kept by
     * triggers on pattern_files and file_checks (migration 0010), so a page of the list reads it
     * from the row instead of looking it up per row. Not a foreign key: the triggers clear it.
     */
    heroFileId: integer('hero_file_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Every update, status changes included: the list's "Updated" (issue 34). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Content edits only (fields, sizes, pieces, files): what "edited after review / publishing"
     * compares. A trigger (migration 0019) moves it with updated_at when the status stays.
     */
    contentUpdatedAt: timestamp('content_updated_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /**
     * Counts content edits (a trigger, migration 0029, adds one whenever contentUpdatedAt moves): the
     * version a write names to be refused when stale (docs/concurrency.md).
     */
    version: integer('version').notNull().default(1),
    /**
     * Set when the pattern is deleted: it waits in the Trash (with its sizes, pieces and files)
     * until restored or purged (migration 0015). Every read of live patterns filters it (`live`).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the list's search matches: Pattern ID and name, folded once when they are written
     * (`search_fold`, migration 0031: no accents, lowercase, "ß" → "ss"), so a search is a plain
     * LIKE on stored text (ILIKE folded the case of every candidate row on every search: half a
     * broad search's time, issue 15). Never written by the app.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold("SFCC_Pattern_ID" || ' ' || "Pattern_Name")`,
    ),
  },
  (t) => [
    // The list's indexes hold live patterns only (migration 0015): the list always asks for them.
    index('patterns_updated_idx').on(t.updatedAt, t.ID).where(liveSql(t)),
    index('patterns_brand_updated_idx').on(t.brandId, t.updatedAt, t.ID).where(liveSql(t)),
    // The list (docs/decisions/002-pattern-list-at-scale.md): one index per sort column, for every
    // brand (admins) and within a brand (users), with ID as the tie-breaker; a trigram index for search.
    index('patterns_pattern_id_live_idx').on(t.SFCC_Pattern_ID).where(liveSql(t)),
    index('patterns_brand_pattern_id_idx').on(t.brandId, t.SFCC_Pattern_ID).where(liveSql(t)),
    index('patterns_name_idx')
      .on(sql`lower(${t.Pattern_Name})`, t.ID)
      .where(liveSql(t)),
    index('patterns_brand_name_idx')
      .on(t.brandId, sql`lower(${t.Pattern_Name})`, t.ID)
      .where(liveSql(t)),
    index('patterns_type_idx').on(t.Type, t.ID).where(liveSql(t)),
    index('patterns_brand_type_idx').on(t.brandId, t.Type, t.ID).where(liveSql(t)),
    index('patterns_gender_idx').on(t.Gender, t.ID).where(liveSql(t)),
    index('patterns_brand_gender_idx').on(t.brandId, t.Gender, t.ID).where(liveSql(t)),
    index('patterns_price_idx').on(t.Price, t.ID).where(liveSql(t)),
    index('patterns_brand_price_idx').on(t.brandId, t.Price, t.ID).where(liveSql(t)),
    index('patterns_status_idx').on(t.SFCC_Status, t.ID).where(liveSql(t)),
    index('patterns_brand_status_idx').on(t.brandId, t.SFCC_Status, t.ID).where(liveSql(t)),
    // Few rows: the In review / Changes requested filters add the published patterns whose edit is there.
    index('patterns_edit_status_idx')
      .on(t.editStatus, t.ID)
      .where(sql`${t.editStatus} is not null and ${t.deletedAt} is null`),
    // Unpublished, not sent to review again: the partners' "Needs your attention" (migration 0019).
    index('patterns_unpublished_idx')
      .on(t.brandId, t.updatedAt)
      .where(sql`${t.SFCC_Status} = 'draft' and ${t.IS_SFCC_TESTING}`),
    index('patterns_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(liveSql(t)),
    // The Trash, oldest first (its page and the purge).
    index('patterns_trash_idx')
      .on(t.deletedAt, t.ID)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/** A pattern not in the Trash: every read of the catalogue asks for it (migration 0015). */
export const live = () => isNull(patterns.deletedAt);

export const sizes = pgTable(
  'sizes',
  {
    ID: serial('ID').primaryKey(),
    patternId: integer('pattern_id')
      .notNull()
      .references(() => patterns.ID, { onDelete: 'cascade' }),
    VariationID: text('VariationID').notNull(),
    pattern_view: text('pattern_view').notNull(),
    Size: text('Size').notNull(),
    Pattern_Pdf_File_Name: text('Pattern_Pdf_File_Name'),
    Design_id: text('Design_id'),
    Mannequin_id: text('Mannequin_id'),
    Garment_45: text('Garment_45'),
    Garment_55: text('Garment_55'),
    Garment_60: text('Garment_60'),
    Lining_45: text('Lining_45'),
    Lining_55: text('Lining_55'),
    Lining_60: text('Lining_60'),
    Interfacing_20: text('Interfacing_20'),
    Interfacing_45: text('Interfacing_45'),
    Other_20: text('Other_20'),
    Other_45: text('Other_45'),
    Prod_Status: text('Prod_Status'),
    Prod_Error: text('Prod_Error'),
    Staging_Status: text('Staging_Status'),
    Staging_Error: text('Staging_Error'),
    PreProd_Status: text('PreProd_Status'),
    PreProd_Error: text('PreProd_Error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** One more on every update of the row (trigger, migration 0029): see docs/concurrency.md. */
    version: integer('version').notNull().default(1),
  },
  (t) => [unique('sizes_pattern_view_size_uq').on(t.patternId, t.pattern_view, t.Size)],
);

export const pieces = pgTable(
  'pieces',
  {
    ID: serial('ID').primaryKey(),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.ID, { onDelete: 'cascade' }),
    Piece_Number: text('Piece_Number').notNull(),
    pattern_view: text('pattern_view'),
    Piece_Description: text('Piece_Description'),
    Fabric_Category: text('Fabric_Category'),
    Cut_Quantity: integer('Cut_Quantity'),
    Fold: text('Fold'),
    Patterns_SVG: text('Patterns_SVG'),
    Contrast: text('Contrast'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pieces_size_idx').on(t.sizeId)],
);

/**
 * Every file of a pattern. `storageKey` names its stored object: a content key shared by every row
 * with the same bytes (stored_objects, migration 0021); `fileName` is the sanitised name shown and downloaded.
 */
export const patternFiles = pgTable(
  'pattern_files',
  {
    id: serial('id').primaryKey(),
    patternId: integer('pattern_id')
      .notNull()
      .references(() => patterns.ID, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => sizes.ID, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pattern_files_pattern_idx').on(t.patternId),
    index('pattern_files_size_idx').on(t.sizeId),
    index('pattern_files_storage_key_idx').on(t.storageKey),
  ],
);
