-- Issue 34: a status change (sent to review, changes requested, published, unpublished) is an
-- update of the pattern: it moves updated_at, so the list's "Updated" column and its sort show it.
-- The "edited after review / publishing" notice compares content edits only: content_updated_at
-- is updated_at as inserted, then follows it whenever an update moves it without changing the status.
ALTER TABLE "patterns" ADD COLUMN "content_updated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "patterns" SET "content_updated_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "patterns" ALTER COLUMN "content_updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "patterns" ALTER COLUMN "content_updated_at" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION patterns_content_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.content_updated_at := NEW.updated_at;
  ELSIF NEW.updated_at IS DISTINCT FROM OLD.updated_at
    AND NEW."SFCC_Status" IS NOT DISTINCT FROM OLD."SFCC_Status"
    AND NEW.edit_status IS NOT DISTINCT FROM OLD.edit_status THEN
    NEW.content_updated_at := NEW.updated_at;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER patterns_content_updated_at BEFORE INSERT OR UPDATE ON "patterns" FOR EACH ROW EXECUTE FUNCTION patterns_content_updated_at();--> statement-breakpoint
-- Unpublished and not yet sent to review again (only unpublishing leads a pattern that was sent to
-- review back to draft): the partners' "Needs your attention". Few rows.
CREATE INDEX "patterns_unpublished_idx" ON "patterns" USING btree ("brand_id","updated_at") WHERE "SFCC_Status" = 'draft' AND "IS_SFCC_TESTING";
