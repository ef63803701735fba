-- The published feed and the Trash (migrations 0013 and 0015 landed together): moving a pattern
-- with a published version to the Trash is its 'deleted' (the storefront removes it then);
-- restoring it is 'published' again (or 'unpublished' if it was), and the purge that follows a
-- trashing records nothing more.
CREATE OR REPLACE FUNCTION published_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Purged from the Trash: its 'deleted' was recorded when it went there.
    IF (SELECT op FROM published_changes WHERE pattern_id = OLD.pattern_id ORDER BY seq DESC LIMIT 1) = 'deleted' THEN
      RETURN OLD;
    END IF;
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
CREATE FUNCTION published_changes_on_trash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO published_changes (pattern_id, brand_id, "SFCC_Pattern_ID", op, version)
    SELECT v.pattern_id, v.brand_id, v."SFCC_Pattern_ID",
      CASE WHEN NEW.deleted_at IS NOT NULL THEN 'deleted'
           WHEN v.unpublished_at IS NULL THEN 'published' ELSE 'unpublished' END,
      v.version
    FROM pattern_published_versions v WHERE v.pattern_id = NEW."ID";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER published_changes_trash_trg AFTER UPDATE OF deleted_at ON patterns FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION published_changes_on_trash();
