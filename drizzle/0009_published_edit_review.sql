ALTER TABLE "patterns" ADD COLUMN "edit_status" text;
--> statement-breakpoint
CREATE INDEX "patterns_edit_status_idx" ON "patterns" USING btree ("edit_status","ID") WHERE "patterns"."edit_status" is not null;
