-- Issue 31: an import's PDFs are checked (facts, thumbnails) after it, by queued background work;
-- the import's page shows how many of its stored files that work has checked.
ALTER TABLE "import_jobs" ADD COLUMN "files_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "files_checked" integer DEFAULT 0 NOT NULL;
