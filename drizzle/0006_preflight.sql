CREATE TABLE "file_checks" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"check" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_checks" ADD CONSTRAINT "file_checks_file_id_pattern_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."pattern_files"("id") ON DELETE cascade ON UPDATE no action;