-- Files stored by content (issue 31, ADR 013): identical bytes are stored once, under a key derived
-- from their SHA-256 (`patterns/sha256/<2>/<64 hex>`), and referenced by any number of rows and
-- published versions. Legacy keys (`patterns/YYYY-MM/<uuid>`) keep working: each gets a
-- stored_objects row here; the background rehash (files.service rehashLegacyObjects, run by the
-- upload sweep and by `npm run files:rehash`) moves them to content keys, merging duplicates.
CREATE TABLE "stored_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"sha256" text,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"missing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_objects_legacy_idx" ON "stored_objects" ("key") WHERE "sha256" IS NULL AND NOT "missing";
--> statement-breakpoint
-- An upload's lease: taken when it stores or reuses an object, dropped in the transaction that
-- records its row; while unexpired, the object is not deleted even though no row names it yet.
CREATE TABLE "object_leases" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "object_leases_key_idx" ON "object_leases" ("key");
--> statement-breakpoint
-- While a backup copies the store, no object is deleted (the copy matches its database snapshot).
CREATE TABLE "file_store_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The keys a published version references (kept by a trigger from its data): a reference like a
-- pattern_files row, so an edit after publishing that replaces a file leaves the live one stored.
CREATE TABLE "published_file_refs" (
	"pattern_id" integer NOT NULL REFERENCES "pattern_published_versions"("pattern_id") ON DELETE CASCADE,
	"storage_key" text NOT NULL,
	CONSTRAINT "published_file_refs_pk" PRIMARY KEY ("pattern_id", "storage_key")
);
--> statement-breakpoint
CREATE INDEX "published_file_refs_key_idx" ON "published_file_refs" ("storage_key");
--> statement-breakpoint
-- Many rows may name one object now.
ALTER TABLE "pattern_files" DROP CONSTRAINT "pattern_files_storage_key_unique";
--> statement-breakpoint
CREATE INDEX "pattern_files_storage_key_idx" ON "pattern_files" ("storage_key");
--> statement-breakpoint
-- Every key a row names has its stored_objects row (uploads insert it first; rows written by
-- other paths — seeds, fixtures — get it here), so the deleter can lock it.
CREATE FUNCTION pattern_files_stored_object() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stored_objects (key, byte_size)
    SELECT DISTINCT ON (storage_key) storage_key, byte_size FROM new_rows
    ON CONFLICT (key) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pattern_files_stored_object_ins AFTER INSERT ON pattern_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pattern_files_stored_object();
--> statement-breakpoint
CREATE TRIGGER pattern_files_stored_object_upd AFTER UPDATE ON pattern_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pattern_files_stored_object();
--> statement-breakpoint
INSERT INTO stored_objects (key, byte_size)
  SELECT storage_key, max(byte_size) FROM pattern_files GROUP BY storage_key
  ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- Published versions written before this migration name their files by id only: add each file's
-- key, SHA-256 (when the storefront had hashed it) and whether it has thumbnails, from its row.
CREATE FUNCTION published_files_with_keys(files jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT coalesce(jsonb_agg(
    f || coalesce((
      SELECT jsonb_strip_nulls(jsonb_build_object(
        'key', pf.storage_key,
        'sha256', h.sha256,
        'thumbnails', coalesce((c."check"->>'thumbnails')::boolean, false)))
      FROM pattern_files pf
      LEFT JOIN storefront_file_hashes h ON h.file_id = pf.id
      LEFT JOIN file_checks c ON c.file_id = pf.id
      WHERE pf.id = (f->>'id')::int), '{}'::jsonb)
    ORDER BY ord), '[]'::jsonb)
  FROM jsonb_array_elements(coalesce(files, '[]'::jsonb)) WITH ORDINALITY AS t(f, ord)
$$;
--> statement-breakpoint
UPDATE pattern_published_versions SET data = jsonb_set(jsonb_set(data,
  '{files}', published_files_with_keys(data->'files')),
  '{sizes}', coalesce((
    SELECT jsonb_agg(s || jsonb_build_object('files', published_files_with_keys(s->'files')) ORDER BY ord)
    FROM jsonb_array_elements(data->'sizes') WITH ORDINALITY AS t(s, ord)), '[]'::jsonb));
--> statement-breakpoint
DROP FUNCTION published_files_with_keys(jsonb);
--> statement-breakpoint
CREATE FUNCTION published_file_keys(data jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT k FROM (
    SELECT f->>'key' AS k FROM jsonb_array_elements(coalesce(data->'files', '[]'::jsonb)) f
    UNION ALL
    SELECT f->>'key' FROM jsonb_array_elements(coalesce(data->'sizes', '[]'::jsonb)) s,
      jsonb_array_elements(coalesce(s->'files', '[]'::jsonb)) f
  ) x WHERE k IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION published_file_refs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.data = OLD.data THEN
    RETURN NULL;
  END IF;
  DELETE FROM published_file_refs WHERE pattern_id = NEW.pattern_id;
  INSERT INTO published_file_refs (pattern_id, storage_key)
    SELECT NEW.pattern_id, k FROM published_file_keys(NEW.data) k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER published_file_refs_sync AFTER INSERT OR UPDATE OF data ON pattern_published_versions
  FOR EACH ROW EXECUTE FUNCTION published_file_refs_sync();
--> statement-breakpoint
INSERT INTO published_file_refs (pattern_id, storage_key)
  SELECT v.pattern_id, k FROM pattern_published_versions v, published_file_keys(v.data) k;
