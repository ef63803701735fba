-- Trigram search needs pg_trgm (PGlite loads it in db/client.ts; PostgreSQL ships it in contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "pattern_counts" (
	"brand_id" integer NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"fabric" text NOT NULL,
	"printable" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "pattern_counts_pk" PRIMARY KEY("brand_id","status","type","fabric","printable")
);
--> statement-breakpoint
CREATE INDEX "patterns_brand_pattern_id_idx" ON "patterns" USING btree ("brand_id","SFCC_Pattern_ID");--> statement-breakpoint
CREATE INDEX "patterns_name_idx" ON "patterns" USING btree (lower("Pattern_Name"),"ID");--> statement-breakpoint
CREATE INDEX "patterns_brand_name_idx" ON "patterns" USING btree ("brand_id",lower("Pattern_Name"),"ID");--> statement-breakpoint
CREATE INDEX "patterns_type_idx" ON "patterns" USING btree ("Type","ID");--> statement-breakpoint
CREATE INDEX "patterns_brand_type_idx" ON "patterns" USING btree ("brand_id","Type","ID");--> statement-breakpoint
CREATE INDEX "patterns_gender_idx" ON "patterns" USING btree ("Gender","ID");--> statement-breakpoint
CREATE INDEX "patterns_brand_gender_idx" ON "patterns" USING btree ("brand_id","Gender","ID");--> statement-breakpoint
CREATE INDEX "patterns_price_idx" ON "patterns" USING btree ("Price","ID");--> statement-breakpoint
CREATE INDEX "patterns_brand_price_idx" ON "patterns" USING btree ("brand_id","Price","ID");--> statement-breakpoint
CREATE INDEX "patterns_status_idx" ON "patterns" USING btree ("SFCC_Status","ID");--> statement-breakpoint
CREATE INDEX "patterns_brand_status_idx" ON "patterns" USING btree ("brand_id","SFCC_Status","ID");--> statement-breakpoint
CREATE INDEX "patterns_search_trgm_idx" ON "patterns" USING gin (("SFCC_Pattern_ID" || ' ' || "Pattern_Name") gin_trgm_ops);
--> statement-breakpoint
-- pattern_counts stays exact: statement-level triggers add what each INSERT/UPDATE/DELETE changed,
-- grouped, in key order (so concurrent writers lock count rows in the same order).
CREATE FUNCTION pattern_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pattern_counts AS c (brand_id, status, type, fabric, printable, n)
  SELECT brand_id, "SFCC_Status", coalesce("Type", ''), coalesce("Fabric_type", ''), coalesce("Is_Printable", ''), count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (brand_id, status, type, fabric, printable) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pattern_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pattern_counts AS c (brand_id, status, type, fabric, printable, n)
  SELECT brand_id, "SFCC_Status", coalesce("Type", ''), coalesce("Fabric_type", ''), coalesce("Is_Printable", ''), -count(*)
  FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (brand_id, status, type, fabric, printable) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pattern_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates change none of the counted columns: the grouped difference is then empty.
  INSERT INTO pattern_counts AS c (brand_id, status, type, fabric, printable, n)
  SELECT b, s, ty, f, pr, sum(d) FROM (
    SELECT brand_id AS b, "SFCC_Status" AS s, coalesce("Type", '') AS ty, coalesce("Fabric_type", '') AS f, coalesce("Is_Printable", '') AS pr, 1 AS d FROM new_rows
    UNION ALL
    SELECT brand_id, "SFCC_Status", coalesce("Type", ''), coalesce("Fabric_type", ''), coalesce("Is_Printable", ''), -1 FROM old_rows
  ) x GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (brand_id, status, type, fabric, printable) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pattern_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pattern_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pattern_counts_insert AFTER INSERT ON patterns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pattern_counts_on_insert();--> statement-breakpoint
CREATE TRIGGER pattern_counts_delete AFTER DELETE ON patterns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pattern_counts_on_delete();--> statement-breakpoint
CREATE TRIGGER pattern_counts_update AFTER UPDATE ON patterns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pattern_counts_on_update();--> statement-breakpoint
CREATE TRIGGER pattern_counts_truncate AFTER TRUNCATE ON patterns FOR EACH STATEMENT EXECUTE FUNCTION pattern_counts_on_truncate();--> statement-breakpoint
INSERT INTO pattern_counts (brand_id, status, type, fabric, printable, n)
SELECT brand_id, "SFCC_Status", coalesce("Type", ''), coalesce("Fabric_type", ''), coalesce("Is_Printable", ''), count(*)
FROM patterns GROUP BY 1, 2, 3, 4, 5;
