-- Issue 46, releases: a named set of patterns published together at a chosen time
-- (docs/releases.md). Firing is a 'release.publish' job in the outbox (run_at = publish_at), so it
-- survives restarts and runs once across processes; the release row says what became of it.
-- status: scheduled → publishing (the job is running) → published; or cancelled.
CREATE TABLE "releases" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "publish_at" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'scheduled' NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "started_at" timestamp with time zone,
  "published_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "releases_status_publish_at_idx" ON "releases" ("status", "publish_at");--> statement-breakpoint
-- outcome: null until the release fires, then 'published' or 'not_ready' (message says why).
CREATE TABLE "release_patterns" (
  "release_id" integer NOT NULL REFERENCES "releases"("id") ON DELETE CASCADE,
  "pattern_id" integer NOT NULL REFERENCES "patterns"("ID") ON DELETE CASCADE,
  "outcome" text,
  "message" text,
  PRIMARY KEY ("release_id", "pattern_id")
);--> statement-breakpoint
CREATE INDEX "release_patterns_pattern_idx" ON "release_patterns" ("pattern_id");
