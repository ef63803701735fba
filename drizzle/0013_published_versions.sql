CREATE TABLE "pattern_published_versions" (
	"pattern_id" integer PRIMARY KEY NOT NULL REFERENCES "patterns"("ID") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"SFCC_Pattern_ID" text NOT NULL,
	"data" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"unpublished_at" timestamp with time zone,
	"source" text DEFAULT 'publish' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"pattern_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"SFCC_Pattern_ID" text NOT NULL,
	"op" text NOT NULL,
	"version" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "published_changes_txid_seq_idx" ON "published_changes" USING btree ("txid","seq");--> statement-breakpoint
CREATE INDEX "published_changes_brand_txid_seq_idx" ON "published_changes" USING btree ("brand_id","txid","seq");--> statement-breakpoint
-- The published feed: a new version is 'published', unpublishing 'unpublished', the pattern's
-- deletion (the record goes with it) 'deleted'.
CREATE FUNCTION published_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO published_changes (pattern_id, brand_id, "SFCC_Pattern_ID", op, version)
      VALUES (OLD.pattern_id, OLD.brand_id, OLD."SFCC_Pattern_ID", 'deleted', OLD.version);
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.version = OLD.version AND NEW.unpublished_at IS NOT DISTINCT FROM OLD.unpublished_at THEN
    RETURN NEW;
  END IF;
  INSERT INTO published_changes (pattern_id, brand_id, "SFCC_Pattern_ID", op, version)
    VALUES (NEW.pattern_id, NEW.brand_id, NEW."SFCC_Pattern_ID",
      CASE WHEN NEW.unpublished_at IS NULL THEN 'published' ELSE 'unpublished' END, NEW.version);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER published_changes_trg AFTER INSERT OR UPDATE OR DELETE ON pattern_published_versions FOR EACH ROW EXECUTE FUNCTION published_changes_record();--> statement-breakpoint
-- Patterns published before this migration: their record from the current data, except where an
-- edit waits (edit in review or sent back, or edited since publishing) and the review that
-- published them left its snapshot: then from that snapshot, with the files it names that still
-- exist (docs/integrations.md).
CREATE FUNCTION pg_temp.published_file(f pattern_files) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('id', f.id, 'kind', f.kind, 'fileName', f.file_name,
    'contentType', f.content_type, 'byteSize', f.byte_size)
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.size_fields(j jsonb) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('Design_id', j->'Design_id', 'Mannequin_id', j->'Mannequin_id',
    'Garment_45', j->'Garment_45', 'Garment_55', j->'Garment_55', 'Garment_60', j->'Garment_60',
    'Lining_45', j->'Lining_45', 'Lining_55', j->'Lining_55', 'Lining_60', j->'Lining_60',
    'Interfacing_20', j->'Interfacing_20', 'Interfacing_45', j->'Interfacing_45',
    'Other_20', j->'Other_20', 'Other_45', j->'Other_45')
$$;--> statement-breakpoint
INSERT INTO pattern_published_versions (pattern_id, version, brand_id, "SFCC_Pattern_ID", data, published_at, source)
SELECT p."ID", 1, p.brand_id, p."SFCC_Pattern_ID",
  jsonb_build_object(
    'fields', jsonb_build_object(
      'SFCC_Pattern_ID', p."SFCC_Pattern_ID", 'Pattern_Name', p."Pattern_Name",
      'Brand', p.brand_id, 'brandName', b.name,
      'Technical_Details', p."Technical_Details", 'Pattern_Description', p."Pattern_Description",
      'Fabric_Recommendation', p."Fabric_Recommendation", 'Fabric_type', p."Fabric_type",
      'Notion', p."Notion", 'Type', p."Type", 'Is_Printable', p."Is_Printable", 'Gender', p."Gender",
      'Price', p."Price", 'Suitable_For', p."Suitable_For", 'is_Subscribable', p."is_Subscribable",
      'Pattern_Fit', p."Pattern_Fit"),
    'sizes', COALESCE((
      SELECT jsonb_agg(jsonb_build_object('ID', s."ID", 'VariationID', s."VariationID",
        'pattern_view', s.pattern_view, 'Size', s."Size",
        'fields', pg_temp.size_fields(to_jsonb(s)),
        'files', COALESCE((SELECT jsonb_agg(pg_temp.published_file(f) ORDER BY f.id)
          FROM pattern_files f WHERE f.size_id = s."ID"), '[]'::jsonb)) ORDER BY s."ID")
      FROM sizes s WHERE s.pattern_id = p."ID"), '[]'::jsonb),
    'files', COALESCE((SELECT jsonb_agg(pg_temp.published_file(f) ORDER BY f.id)
      FROM pattern_files f WHERE f.pattern_id = p."ID" AND f.size_id IS NULL), '[]'::jsonb)),
  COALESCE(p.published_at, p.updated_at), 'migration'
FROM patterns p INNER JOIN brands b ON b.id = p.brand_id
WHERE p."SFCC_Status" = 'published';--> statement-breakpoint
UPDATE pattern_published_versions v SET source = 'migration_review_snapshot', data = jsonb_build_object(
    'fields', jsonb_build_object(
      'SFCC_Pattern_ID', COALESCE(r.snapshot->'fields'->>'SFCC_Pattern_ID', v."SFCC_Pattern_ID"),
      'Pattern_Name', COALESCE(r.snapshot->'fields'->>'Pattern_Name', v.data->'fields'->>'Pattern_Name'),
      'Brand', COALESCE(rb.id, v.brand_id), 'brandName', COALESCE(rb.name, v.data->'fields'->>'brandName'),
      'Technical_Details', r.snapshot->'fields'->'Technical_Details',
      'Pattern_Description', r.snapshot->'fields'->'Pattern_Description',
      'Fabric_Recommendation', r.snapshot->'fields'->'Fabric_Recommendation',
      'Fabric_type', r.snapshot->'fields'->'Fabric_type', 'Notion', r.snapshot->'fields'->'Notion',
      'Type', r.snapshot->'fields'->'Type', 'Is_Printable', r.snapshot->'fields'->'Is_Printable',
      'Gender', r.snapshot->'fields'->'Gender',
      'Price', (r.snapshot->'fields'->>'Price')::numeric,
      'Suitable_For', r.snapshot->'fields'->'Suitable_For',
      'is_Subscribable', r.snapshot->'fields'->'is_Subscribable',
      'Pattern_Fit', r.snapshot->'fields'->'Pattern_Fit'),
    'sizes', COALESCE((
      SELECT jsonb_agg(jsonb_build_object('ID', sk.key::int,
        'VariationID', COALESCE(sk.value->'fields'->>'VariationID', ''),
        'pattern_view', COALESCE(sk.value->'fields'->>'pattern_view', ''),
        'Size', COALESCE(sk.value->'fields'->>'Size', ''),
        'fields', pg_temp.size_fields(sk.value->'fields'),
        'files', COALESCE((SELECT jsonb_agg(pg_temp.published_file(f) ORDER BY f.id)
          FROM pattern_files f WHERE f.size_id = sk.key::int
            AND r.snapshot->'files'->(f.id::text) IS NOT NULL), '[]'::jsonb)) ORDER BY sk.key::int)
      FROM jsonb_each(r.snapshot->'sizes') sk), '[]'::jsonb),
    'files', COALESCE((SELECT jsonb_agg(pg_temp.published_file(f) ORDER BY f.id)
      FROM pattern_files f WHERE f.pattern_id = v.pattern_id AND f.size_id IS NULL
        AND r.snapshot->'files'->(f.id::text) IS NOT NULL), '[]'::jsonb)),
  published_at = r.reviewed_at
FROM patterns p
INNER JOIN review_snapshots r ON r.pattern_id = p."ID" AND r.outcome = 'published'
LEFT JOIN brands rb ON rb.name = r.snapshot->'fields'->>'Brand'
WHERE v.pattern_id = p."ID"
  AND (p.edit_status IS NOT NULL OR (p.published_at IS NOT NULL AND p.updated_at > p.published_at));--> statement-breakpoint
DROP FUNCTION pg_temp.published_file(pattern_files);--> statement-breakpoint
DROP FUNCTION pg_temp.size_fields(jsonb);
