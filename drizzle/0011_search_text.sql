-- The list's search matches stored lowercased text with LIKE, no longer folding case per row with ILIKE (issue 15).
DROP INDEX "patterns_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "patterns" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("SFCC_Pattern_ID" || ' ' || "Pattern_Name")) STORED;--> statement-breakpoint
CREATE INDEX "patterns_search_text_trgm_idx" ON "patterns" USING gin ("search_text" gin_trgm_ops);