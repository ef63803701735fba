CREATE TABLE "import_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"created_by" integer,
	"status" text DEFAULT 'checking' NOT NULL,
	"mode" text NOT NULL,
	"sheet_name" text NOT NULL,
	"sheet_key" text NOT NULL,
	"sheet_format" text NOT NULL,
	"zip_name" text,
	"zip_key" text,
	"zip_bytes" bigint DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"patterns" integer DEFAULT 0 NOT NULL,
	"valid" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"runner" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"sfcc_pattern_id" text NOT NULL,
	"first_row" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"data" jsonb,
	"record_id" integer,
	CONSTRAINT "import_patterns_job_seq_uq" UNIQUE("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "import_issues" ADD CONSTRAINT "import_issues_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_patterns" ADD CONSTRAINT "import_patterns_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_patterns" ADD CONSTRAINT "import_patterns_record_id_patterns_ID_fk" FOREIGN KEY ("record_id") REFERENCES "public"."patterns"("ID") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_issues_job_idx" ON "import_issues" USING btree ("job_id","row");--> statement-breakpoint
CREATE INDEX "import_jobs_brand_idx" ON "import_jobs" USING btree ("brand_id","id");