-- The Trash (issue 34 item 13): a deleted pattern keeps its row, sizes, pieces and files, marked
-- with deleted_at and deleted_by, until it is restored or purged (TRASH_RETENTION_DAYS later).
-- Every read path filters "deleted_at" IS NULL; the count, word and feed triggers treat a trashed
-- row as gone, so the list's total, search and the changes feed need nothing else.
ALTER TABLE "patterns" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patterns" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "patterns" ADD CONSTRAINT "patterns_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patterns_trash_idx" ON "patterns" USING btree ("deleted_at","ID") WHERE "patterns"."deleted_at" is not null;--> statement-breakpoint
-- The list's indexes hold live patterns only (the list always asks for "deleted_at" IS NULL), so a
-- deep page still skips index entries alone instead of visiting each row to test it.
DROP INDEX "patterns_updated_idx";--> statement-breakpoint
DROP INDEX "patterns_brand_updated_idx";--> statement-breakpoint
DROP INDEX "patterns_brand_pattern_id_idx";--> statement-breakpoint
DROP INDEX "patterns_name_idx";--> statement-breakpoint
DROP INDEX "patterns_brand_name_idx";--> statement-breakpoint
DROP INDEX "patterns_type_idx";--> statement-breakpoint
DROP INDEX "patterns_brand_type_idx";--> statement-breakpoint
DROP INDEX "patterns_gender_idx";--> statement-breakpoint
DROP INDEX "patterns_brand_gender_idx";--> statement-breakpoint
DROP INDEX "patterns_price_idx";--> statement-breakpoint
DROP INDEX "patterns_brand_price_idx";--> statement-breakpoint
DROP INDEX "patterns_status_idx";--> statement-breakpoint
DROP INDEX "patterns_brand_status_idx";--> statement-breakpoint
DROP INDEX "patterns_edit_status_idx";--> statement-breakpoint
DROP INDEX "patterns_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "patterns_updated_idx" ON "patterns" USING btree ("updated_at","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_brand_updated_idx" ON "patterns" USING btree ("brand_id","updated_at","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_pattern_id_live_idx" ON "patterns" USING btree ("SFCC_Pattern_ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_brand_pattern_id_idx" ON "patterns" USING btree ("brand_id","SFCC_Pattern_ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_name_idx" ON "patterns" USING btree (lower("Pattern_Name"),"ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_brand_name_idx" ON "patterns" USING btree ("brand_id",lower("Pattern_Name"),"ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_type_idx" ON "patterns" USING btree ("Type","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_brand_type_idx" ON "patterns" USING btree ("brand_id","Type","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_gender_idx" ON "patterns" USING btree ("Gender","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_brand_gender_idx" ON "patterns" USING btree ("brand_id","Gender","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_price_idx" ON "patterns" USING btree ("Price","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_brand_price_idx" ON "patterns" USING btree ("brand_id","Price","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_status_idx" ON "patterns" USING btree ("SFCC_Status","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_brand_status_idx" ON "patterns" USING btree ("brand_id","SFCC_Status","ID") WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_edit_status_idx" ON "patterns" USING btree ("edit_status","ID") WHERE "patterns"."edit_status" is not null and "patterns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patterns_search_text_trgm_idx" ON "patterns" USING gin ("search_text" gin_trgm_ops) WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
-- pattern_counts (0001) counts live patterns: a row moving to or from the Trash counts as deleted
-- or inserted.
CREATE OR REPLACE FUNCTION pattern_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pattern_counts AS c (brand_id, status, type, fabric, printable, n)
  SELECT brand_id, "SFCC_Status", coalesce("Type", ''), coalesce("Fabric_type", ''), coalesce("Is_Printable", ''), count(*)
  FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (brand_id, status, type, fabric, printable) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pattern_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pattern_counts AS c (brand_id, status, type, fabric, printable, n)
  SELECT brand_id, "SFCC_Status", coalesce("Type", ''), coalesce("Fabric_type", ''), coalesce("Is_Printable", ''), -count(*)
  FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (brand_id, status, type, fabric, printable) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pattern_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pattern_counts AS c (brand_id, status, type, fabric, printable, n)
  SELECT b, s, ty, f, pr, sum(d) FROM (
    SELECT brand_id AS b, "SFCC_Status" AS s, coalesce("Type", '') AS ty, coalesce("Fabric_type", '') AS f, coalesce("Is_Printable", '') AS pr, 1 AS d FROM new_rows WHERE deleted_at IS NULL
    UNION ALL
    SELECT brand_id, "SFCC_Status", coalesce("Type", ''), coalesce("Fabric_type", ''), coalesce("Is_Printable", ''), -1 FROM old_rows WHERE deleted_at IS NULL
  ) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (brand_id, status, type, fabric, printable) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- pattern_words (0012) holds live patterns' words: moving to the Trash removes them, restoring adds them.
CREATE OR REPLACE FUNCTION pattern_words_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocab (word)
  SELECT DISTINCT w FROM new_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> '' AND deleted_at IS NULL ORDER BY 1
  ON CONFLICT DO NOTHING;
  INSERT INTO pattern_words (word, brand_id, pattern_id)
  SELECT DISTINCT w, brand_id, "ID" FROM new_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> '' AND deleted_at IS NULL;
  INSERT INTO pattern_word_counts AS c (word, brand_id, n)
  SELECT word, brand_id, count(*) FROM (
    SELECT DISTINCT w AS word, brand_id, "ID" FROM new_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> '' AND deleted_at IS NULL
  ) x GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (word, brand_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pattern_words_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pattern_words p
  USING (SELECT DISTINCT w, brand_id, "ID" FROM old_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> '' AND deleted_at IS NULL) o (word, brand_id, id)
  WHERE p.word = o.word AND p.brand_id = o.brand_id AND p.pattern_id = o.id;
  INSERT INTO pattern_word_counts AS c (word, brand_id, n)
  SELECT word, brand_id, -count(*) FROM (
    SELECT DISTINCT w AS word, brand_id, "ID" FROM old_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> '' AND deleted_at IS NULL
  ) x GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (word, brand_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row's words change when its text, its brand or whether it is live changes; the old words go
-- only if the old row was live, the new ones come only if the new row is.
CREATE OR REPLACE FUNCTION pattern_words_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pattern_words p
  USING (
    SELECT DISTINCT w, o.brand_id, o."ID" FROM old_rows o JOIN new_rows n ON n."ID" = o."ID",
      unnest(string_to_array(o.search_text, ' ')) w
    WHERE w <> '' AND o.deleted_at IS NULL
      AND (o.search_text IS DISTINCT FROM n.search_text OR o.brand_id <> n.brand_id OR n.deleted_at IS NOT NULL)
  ) o (word, brand_id, id)
  WHERE p.word = o.word AND p.brand_id = o.brand_id AND p.pattern_id = o.id;
  INSERT INTO search_vocab (word)
  SELECT DISTINCT w FROM old_rows o JOIN new_rows n ON n."ID" = o."ID", unnest(string_to_array(n.search_text, ' ')) w
  WHERE w <> '' AND n.deleted_at IS NULL AND (o.search_text IS DISTINCT FROM n.search_text OR o.deleted_at IS NOT NULL) ORDER BY 1
  ON CONFLICT DO NOTHING;
  INSERT INTO pattern_words (word, brand_id, pattern_id)
  SELECT DISTINCT w, n.brand_id, n."ID" FROM old_rows o JOIN new_rows n ON n."ID" = o."ID", unnest(string_to_array(n.search_text, ' ')) w
  WHERE w <> '' AND n.deleted_at IS NULL
    AND (o.search_text IS DISTINCT FROM n.search_text OR o.brand_id <> n.brand_id OR o.deleted_at IS NOT NULL);
  INSERT INTO pattern_word_counts AS c (word, brand_id, n)
  SELECT word, brand_id, sum(d) FROM (
    SELECT DISTINCT w AS word, n.brand_id, n."ID", 1 AS d FROM old_rows o JOIN new_rows n ON n."ID" = o."ID",
      unnest(string_to_array(n.search_text, ' ')) w
    WHERE w <> '' AND n.deleted_at IS NULL
      AND (o.search_text IS DISTINCT FROM n.search_text OR o.brand_id <> n.brand_id OR o.deleted_at IS NOT NULL)
    UNION ALL
    SELECT DISTINCT w, o.brand_id, o."ID", -1 FROM old_rows o JOIN new_rows n ON n."ID" = o."ID",
      unnest(string_to_array(o.search_text, ' ')) w
    WHERE w <> '' AND o.deleted_at IS NULL
      AND (o.search_text IS DISTINCT FROM n.search_text OR o.brand_id <> n.brand_id OR n.deleted_at IS NOT NULL)
  ) x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (word, brand_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The changes feed (0004, 0010): moving to the Trash is the pattern's 'deleted', restoring it is
-- 'restored'; a trashed row's own writes and its purge record nothing (its deletion was reported).
CREATE OR REPLACE FUNCTION pattern_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.deleted_at IS NULL THEN
      INSERT INTO pattern_changes (pattern_id, brand_id, "SFCC_Pattern_ID", op) VALUES (OLD."ID", OLD.brand_id, OLD."SFCC_Pattern_ID", 'deleted');
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.hero_file_id IS DISTINCT FROM OLD.hero_file_id
     AND (to_jsonb(NEW) - 'hero_file_id') = (to_jsonb(OLD) - 'hero_file_id') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' AND NEW.deleted_at IS NOT NULL THEN
    RETURN NEW;
  END IF;
  INSERT INTO pattern_changes (pattern_id, brand_id, "SFCC_Pattern_ID", op)
    VALUES (NEW."ID", NEW.brand_id, NEW."SFCC_Pattern_ID", CASE
      WHEN TG_OP = 'INSERT' THEN 'created'
      WHEN NEW.deleted_at IS NOT NULL THEN 'deleted'
      WHEN OLD.deleted_at IS NOT NULL THEN 'restored'
      ELSE 'updated' END);
  RETURN NEW;
END $$;
