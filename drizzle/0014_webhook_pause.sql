-- Issue 33 items 1 and 7: a disabled endpoint pauses its deliveries (each waits until its window ends), an endpoint is disabled after failing for some time (failing_since), not after a number of attempts; deliveries are listed by status.
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "retry_until" timestamp with time zone;--> statement-breakpoint
UPDATE "webhook_deliveries" SET "retry_until" = "created_at" + interval '1 day';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "retry_until" SET DEFAULT now() + interval '1 day';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "retry_until" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_status_idx" ON "webhook_deliveries" USING btree ("endpoint_id","status","id");
