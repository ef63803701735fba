ALTER TABLE "patterns" ADD COLUMN "hero_file_id" integer;--> statement-breakpoint
-- The list's thumbnail (issue 17): the newest Main_Hero_Image whose check made thumbnails, kept on
-- the pattern row so a page of the list reads it with the row instead of probing pattern_files and
-- file_checks once per row. Triggers keep it on every write path (uploads, replacements,
-- removals, imports, a check recorded later, deleted patterns): pattern_hero_refresh recomputes
-- it for one pattern and writes the row only when it changed.
CREATE FUNCTION pattern_hero_refresh(pid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cur integer;
  hero integer;
BEGIN
  -- Lock the row first: a concurrent writer of this pattern's files waits here, and the lookup
  -- below (a new snapshot under READ COMMITTED) then sees what it committed. A pattern being
  -- deleted (files removed by its cascade) is not found: nothing to keep.
  SELECT hero_file_id INTO cur FROM patterns WHERE "ID" = pid FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT f.id INTO hero
  FROM pattern_files f INNER JOIN file_checks c ON c.file_id = f.id
  WHERE f.pattern_id = pid AND f.kind = 'Main_Hero_Image' AND (c."check" ->> 'thumbnails') = 'true'
  ORDER BY f.id DESC LIMIT 1;
  -- An UPDATE of no row still fires the statement triggers of patterns (list version, counts).
  IF cur IS DISTINCT FROM hero THEN
    UPDATE patterns SET hero_file_id = hero WHERE "ID" = pid;
  END IF;
END $$;--> statement-breakpoint
-- A file row is inserted before its check (file_checks references it), so only its removal or a
-- change of its kind or pattern can change a hero; its check's arrival is seen on file_checks.
CREATE FUNCTION pattern_files_hero() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pattern_hero_refresh(OLD.pattern_id);
  IF TG_OP = 'UPDATE' AND NEW.pattern_id IS DISTINCT FROM OLD.pattern_id THEN
    PERFORM pattern_hero_refresh(NEW.pattern_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION file_checks_hero() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT pattern_id INTO pid FROM pattern_files WHERE id = OLD.file_id AND kind = 'Main_Hero_Image';
    IF FOUND THEN
      PERFORM pattern_hero_refresh(pid);
    END IF;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.file_id IS DISTINCT FROM OLD.file_id) THEN
    SELECT pattern_id INTO pid FROM pattern_files WHERE id = NEW.file_id AND kind = 'Main_Hero_Image';
    IF FOUND THEN
      PERFORM pattern_hero_refresh(pid);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pattern_files_hero_delete AFTER DELETE ON pattern_files FOR EACH ROW WHEN (OLD.kind = 'Main_Hero_Image') EXECUTE FUNCTION pattern_files_hero();--> statement-breakpoint
CREATE TRIGGER pattern_files_hero_update AFTER UPDATE OF kind, pattern_id ON pattern_files FOR EACH ROW WHEN (OLD.kind = 'Main_Hero_Image' OR NEW.kind = 'Main_Hero_Image') EXECUTE FUNCTION pattern_files_hero();--> statement-breakpoint
CREATE TRIGGER file_checks_hero AFTER INSERT OR UPDATE OR DELETE ON file_checks FOR EACH ROW EXECUTE FUNCTION file_checks_hero();--> statement-breakpoint
-- The changes feed (0004) records what partners see of a pattern. The hero thumbnail follows the
-- pattern's files, whose writes record their own change (they touch updated_at): an update that
-- changes hero_file_id alone (a trigger above, or the backfill below) is not a change of its own.
CREATE OR REPLACE FUNCTION pattern_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO pattern_changes (pattern_id, brand_id, "SFCC_Pattern_ID", op) VALUES (OLD."ID", OLD.brand_id, OLD."SFCC_Pattern_ID", 'deleted');
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.hero_file_id IS DISTINCT FROM OLD.hero_file_id
     AND (to_jsonb(NEW) - 'hero_file_id') = (to_jsonb(OLD) - 'hero_file_id') THEN
    RETURN NEW;
  END IF;
  INSERT INTO pattern_changes (pattern_id, brand_id, "SFCC_Pattern_ID", op)
    VALUES (NEW."ID", NEW.brand_id, NEW."SFCC_Pattern_ID", CASE WHEN TG_OP = 'INSERT' THEN 'created' ELSE 'updated' END);
  RETURN NEW;
END $$;--> statement-breakpoint
UPDATE patterns p SET hero_file_id = h.id
FROM (
  SELECT DISTINCT ON (f.pattern_id) f.pattern_id, f.id
  FROM pattern_files f INNER JOIN file_checks c ON c.file_id = f.id
  WHERE f.kind = 'Main_Hero_Image' AND (c."check" ->> 'thumbnails') = 'true'
  ORDER BY f.pattern_id, f.id DESC
) h
WHERE p."ID" = h.pattern_id;
