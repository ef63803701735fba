-- Issue 30's leftover: "Live on production since" read storefront_status.since, the time of the
-- last confirmed import, so it restarted with every delivery of a pattern that never left the
-- storefront (an edit published, a resync). live_since is when the product went online on that
-- target and stayed: set by the first confirmed upsert, kept by the next, cleared by a confirmed
-- offline or delete. Existing rows: the last confirmed upsert is the best time known.
ALTER TABLE "storefront_status" ADD COLUMN "live_since" timestamp with time zone;--> statement-breakpoint
UPDATE "storefront_status" SET "live_since" = "since" WHERE "mode" = 'upsert' AND "state" = 'ok';
