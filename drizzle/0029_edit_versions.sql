-- Optimistic concurrency (docs/concurrency.md): a pattern's `version` counts its content edits
-- (fields, sizes, pieces, files: every update that moves content_updated_at), a size's `version`
-- every update of the size row (its fields, its PDF). A write names the version it was based on
-- and is refused when the row has moved since. Status actions and the list's thumbnail column do
-- not count: a partner's edit is not refused because an admin sent the pattern back meanwhile.
ALTER TABLE "patterns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sizes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION patterns_content_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.content_updated_at := NEW.updated_at;
  ELSIF NEW.updated_at IS DISTINCT FROM OLD.updated_at
    AND NEW."SFCC_Status" IS NOT DISTINCT FROM OLD."SFCC_Status"
    AND NEW.edit_status IS NOT DISTINCT FROM OLD.edit_status
    AND NEW.reviewed_at IS NOT DISTINCT FROM OLD.reviewed_at
    AND NEW.published_at IS NOT DISTINCT FROM OLD.published_at
    AND NEW.deleted_at IS NOT DISTINCT FROM OLD.deleted_at THEN
    NEW.content_updated_at := NEW.updated_at;
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION sizes_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sizes_version BEFORE UPDATE ON "sizes" FOR EACH ROW EXECUTE FUNCTION sizes_version();
