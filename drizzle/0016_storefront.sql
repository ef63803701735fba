-- Storefront delivery (docs/storefront.md): the targets as configured, what waits to be sent, each
-- run (an archive uploaded and imported) and each pattern's outcome per target.
CREATE TABLE "storefront_targets" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"batch_ms" integer DEFAULT 60000 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_targets_name_check" CHECK ("name" IN ('staging', 'production'))
);
--> statement-breakpoint
INSERT INTO "storefront_targets" ("name") VALUES ('staging'), ('production');
--> statement-breakpoint
CREATE SEQUENCE "storefront_pending_seq";
--> statement-breakpoint
CREATE TABLE "storefront_pending" (
	"target" text NOT NULL REFERENCES "storefront_targets"("name"),
	"pattern_id" integer NOT NULL,
	"seq" bigint DEFAULT nextval('storefront_pending_seq') NOT NULL,
	"product_id" text NOT NULL,
	"mode" text NOT NULL,
	"variant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_pending_pk" PRIMARY KEY ("target", "pattern_id"),
	CONSTRAINT "storefront_pending_mode_check" CHECK ("mode" IN ('upsert', 'offline', 'delete'))
);
--> statement-breakpoint
CREATE INDEX "storefront_pending_target_seq_idx" ON "storefront_pending" ("target", "seq");
--> statement-breakpoint
CREATE TABLE "storefront_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL REFERENCES "storefront_targets"("name"),
	"status" text DEFAULT 'running' NOT NULL,
	"archive_name" text NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"execution_id" text,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "storefront_runs_status_check" CHECK ("status" IN ('running', 'ok', 'error'))
);
--> statement-breakpoint
CREATE INDEX "storefront_runs_target_idx" ON "storefront_runs" ("target", "id");
--> statement-breakpoint
CREATE TABLE "storefront_status" (
	"pattern_id" integer NOT NULL REFERENCES "patterns"("ID") ON DELETE CASCADE,
	"target" text NOT NULL REFERENCES "storefront_targets"("name"),
	"state" text NOT NULL,
	"mode" text NOT NULL,
	"since" timestamp with time zone,
	"message" text,
	"run_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_status_pk" PRIMARY KEY ("pattern_id", "target"),
	CONSTRAINT "storefront_status_state_check" CHECK ("state" IN ('pending', 'ok', 'error'))
);
--> statement-breakpoint
CREATE TABLE "storefront_file_hashes" (
	"file_id" integer PRIMARY KEY NOT NULL REFERENCES "pattern_files"("id") ON DELETE CASCADE,
	"sha256" text NOT NULL
);
