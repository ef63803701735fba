-- A search counts its matches from the words of each pattern's search text, and a one-word term from the counts per word (issue 15; list.repo.ts searchPage, countByWords).
CREATE TABLE "pattern_word_counts" (
	"word" text NOT NULL,
	"brand_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "pattern_word_counts_pk" PRIMARY KEY("word","brand_id")
);
--> statement-breakpoint
CREATE TABLE "pattern_words" (
	"word" text NOT NULL,
	"brand_id" integer NOT NULL,
	"pattern_id" integer NOT NULL,
	CONSTRAINT "pattern_words_pk" PRIMARY KEY("word","brand_id","pattern_id")
);
--> statement-breakpoint
CREATE TABLE "search_vocab" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_vocab_word_trgm_idx" ON "search_vocab" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- pattern_words and pattern_word_counts stay exact: statement-level triggers add the words of
-- inserted rows, remove those of deleted rows, and swap them for rows whose search text or brand
-- changed (a pattern's ID is never updated). Each row's words are removed by the table's key, from
-- the old row; the counts are added grouped, in key order (so concurrent writers lock count rows in
-- the same order), as pattern_counts is kept.
CREATE FUNCTION pattern_words_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocab (word)
  SELECT DISTINCT w FROM new_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> '' ORDER BY 1
  ON CONFLICT DO NOTHING;
  INSERT INTO pattern_words (word, brand_id, pattern_id)
  SELECT DISTINCT w, brand_id, "ID" FROM new_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> '';
  INSERT INTO pattern_word_counts AS c (word, brand_id, n)
  SELECT word, brand_id, count(*) FROM (
    SELECT DISTINCT w AS word, brand_id, "ID" FROM new_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> ''
  ) x GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (word, brand_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pattern_words_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pattern_words p
  USING (SELECT DISTINCT w, brand_id, "ID" FROM old_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> '') o (word, brand_id, id)
  WHERE p.word = o.word AND p.brand_id = o.brand_id AND p.pattern_id = o.id;
  INSERT INTO pattern_word_counts AS c (word, brand_id, n)
  SELECT word, brand_id, -count(*) FROM (
    SELECT DISTINCT w AS word, brand_id, "ID" FROM old_rows, unnest(string_to_array(search_text, ' ')) w WHERE w <> ''
  ) x GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (word, brand_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pattern_words_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates change neither the text nor the brand: nothing is then written.
  DELETE FROM pattern_words p
  USING (
    SELECT DISTINCT w, o.brand_id, o."ID" FROM old_rows o JOIN new_rows n ON n."ID" = o."ID",
      unnest(string_to_array(o.search_text, ' ')) w
    WHERE w <> '' AND (o.search_text IS DISTINCT FROM n.search_text OR o.brand_id <> n.brand_id)
  ) o (word, brand_id, id)
  WHERE p.word = o.word AND p.brand_id = o.brand_id AND p.pattern_id = o.id;
  INSERT INTO search_vocab (word)
  SELECT DISTINCT w FROM old_rows o JOIN new_rows n ON n."ID" = o."ID", unnest(string_to_array(n.search_text, ' ')) w
  WHERE w <> '' AND o.search_text IS DISTINCT FROM n.search_text ORDER BY 1
  ON CONFLICT DO NOTHING;
  INSERT INTO pattern_words (word, brand_id, pattern_id)
  SELECT DISTINCT w, n.brand_id, n."ID" FROM old_rows o JOIN new_rows n ON n."ID" = o."ID", unnest(string_to_array(n.search_text, ' ')) w
  WHERE w <> '' AND (o.search_text IS DISTINCT FROM n.search_text OR o.brand_id <> n.brand_id);
  INSERT INTO pattern_word_counts AS c (word, brand_id, n)
  SELECT word, brand_id, sum(d) FROM (
    SELECT DISTINCT w AS word, n.brand_id, n."ID", 1 AS d FROM old_rows o JOIN new_rows n ON n."ID" = o."ID",
      unnest(string_to_array(n.search_text, ' ')) w
    WHERE w <> '' AND (o.search_text IS DISTINCT FROM n.search_text OR o.brand_id <> n.brand_id)
    UNION ALL
    SELECT DISTINCT w, o.brand_id, o."ID", -1 FROM old_rows o JOIN new_rows n ON n."ID" = o."ID",
      unnest(string_to_array(o.search_text, ' ')) w
    WHERE w <> '' AND (o.search_text IS DISTINCT FROM n.search_text OR o.brand_id <> n.brand_id)
  ) x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
  ON CONFLICT (word, brand_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pattern_words_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pattern_words;
  DELETE FROM pattern_word_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pattern_words_insert AFTER INSERT ON patterns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pattern_words_on_insert();--> statement-breakpoint
CREATE TRIGGER pattern_words_delete AFTER DELETE ON patterns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pattern_words_on_delete();--> statement-breakpoint
CREATE TRIGGER pattern_words_update AFTER UPDATE ON patterns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pattern_words_on_update();--> statement-breakpoint
CREATE TRIGGER pattern_words_truncate AFTER TRUNCATE ON patterns FOR EACH STATEMENT EXECUTE FUNCTION pattern_words_on_truncate();--> statement-breakpoint
-- The patterns written before this migration.
INSERT INTO search_vocab (word)
SELECT DISTINCT w FROM patterns, unnest(string_to_array(search_text, ' ')) w WHERE w <> '';--> statement-breakpoint
INSERT INTO pattern_words (word, brand_id, pattern_id)
SELECT DISTINCT w, brand_id, "ID" FROM patterns, unnest(string_to_array(search_text, ' ')) w WHERE w <> '';--> statement-breakpoint
INSERT INTO pattern_word_counts (word, brand_id, n)
SELECT word, brand_id, count(*) FROM pattern_words GROUP BY 1, 2;
