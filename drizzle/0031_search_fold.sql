-- Search ignores accents and case on both databases (issue 48 item 7; docs/product-decisions.md, "Search").
-- search_fold is the one folding: compatibility forms decomposed (NFKD: "ﬁ" → "fi", "Ａ" → "a"),
-- combining marks removed ("É" → "E"), lowercased, and the letters without a decomposition spelt
-- out ("ß" → "ss", "æ" → "ae", "ø" → "o" …). Built-in functions only: no unaccent extension, which
-- PGlite would need as a contrib module and a PostgreSQL server may not offer. The list's search
-- text is stored folded; a term is folded by the same function (src/server/lib/search-fold.ts).
CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN translate(
  replace(replace(replace(replace(
    lower(regexp_replace(normalize(t, NFKD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g')),
    'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'),
  'øđðłħŧı', 'oddlhti');--> statement-breakpoint
-- The stored search text takes the folding: the column is made again (PostgreSQL 15 cannot change
-- a generated column's expression), with its trigram index.
DROP INDEX "patterns_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "patterns" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "patterns" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold("SFCC_Pattern_ID" || ' ' || "Pattern_Name")) STORED;--> statement-breakpoint
CREATE INDEX "patterns_search_text_trgm_idx" ON "patterns" USING gin ("search_text" gin_trgm_ops) WHERE "patterns"."deleted_at" is null;--> statement-breakpoint
-- The words of the search text (migration 0012, live patterns only since 0015), from the folded text:
-- adding the column wrote no row, so no trigger kept them.
DELETE FROM pattern_words;--> statement-breakpoint
DELETE FROM pattern_word_counts;--> statement-breakpoint
DELETE FROM search_vocab;--> statement-breakpoint
INSERT INTO search_vocab (word)
SELECT DISTINCT w FROM patterns, unnest(string_to_array(search_text, ' ')) w WHERE w <> '' AND deleted_at IS NULL;--> statement-breakpoint
INSERT INTO pattern_words (word, brand_id, pattern_id)
SELECT DISTINCT w, brand_id, "ID" FROM patterns, unnest(string_to_array(search_text, ' ')) w WHERE w <> '' AND deleted_at IS NULL;--> statement-breakpoint
INSERT INTO pattern_word_counts (word, brand_id, n)
SELECT word, brand_id, count(*) FROM pattern_words GROUP BY 1, 2;
