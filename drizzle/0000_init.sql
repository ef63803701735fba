CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "pattern_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"pattern_id" integer NOT NULL,
	"size_id" integer,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pattern_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "patterns" (
	"ID" serial PRIMARY KEY NOT NULL,
	"SFCC_Pattern_ID" text NOT NULL,
	"Pattern_Name" text NOT NULL,
	"brand_id" integer NOT NULL,
	"Technical_Details" text,
	"Pattern_Description" text,
	"Fabric_Recommendation" text,
	"Fabric_type" text,
	"Notion" text,
	"Type" text,
	"Is_Printable" text,
	"Gender" text,
	"Price" numeric(10, 2),
	"Suitable_For" text,
	"is_Subscribable" text,
	"Pattern_Fit" text,
	"IS_SFCC_TESTING" boolean DEFAULT false NOT NULL,
	"SFCC_Status" text DEFAULT 'draft' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patterns_SFCC_Pattern_ID_unique" UNIQUE("SFCC_Pattern_ID")
);
--> statement-breakpoint
CREATE TABLE "pieces" (
	"ID" serial PRIMARY KEY NOT NULL,
	"size_id" integer NOT NULL,
	"Piece_Number" text NOT NULL,
	"pattern_view" text,
	"Piece_Description" text,
	"Fabric_Category" text,
	"Cut_Quantity" integer,
	"Fold" text,
	"Patterns_SVG" text,
	"Contrast" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"ID" serial PRIMARY KEY NOT NULL,
	"pattern_id" integer NOT NULL,
	"VariationID" text NOT NULL,
	"pattern_view" text NOT NULL,
	"Size" text NOT NULL,
	"Pattern_Pdf_File_Name" text,
	"Design_id" text,
	"Mannequin_id" text,
	"Garment_45" text,
	"Garment_55" text,
	"Garment_60" text,
	"Lining_45" text,
	"Lining_55" text,
	"Lining_60" text,
	"Interfacing_20" text,
	"Interfacing_45" text,
	"Other_20" text,
	"Other_45" text,
	"Prod_Status" text,
	"Prod_Error" text,
	"Staging_Status" text,
	"Staging_Error" text,
	"PreProd_Status" text,
	"PreProd_Error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sizes_pattern_view_size_uq" UNIQUE("pattern_id","pattern_view","Size")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"brand_id" integer,
	"full_name" text NOT NULL,
	"brand_company" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"country" text,
	"phone_number" text NOT NULL,
	"message" text,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"brand_id" integer,
	"profile_pic_key" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pattern_files" ADD CONSTRAINT "pattern_files_pattern_id_patterns_ID_fk" FOREIGN KEY ("pattern_id") REFERENCES "public"."patterns"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pattern_files" ADD CONSTRAINT "pattern_files_size_id_sizes_ID_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patterns" ADD CONSTRAINT "patterns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patterns" ADD CONSTRAINT "patterns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pieces" ADD CONSTRAINT "pieces_size_id_sizes_ID_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sizes" ADD CONSTRAINT "sizes_pattern_id_patterns_ID_fk" FOREIGN KEY ("pattern_id") REFERENCES "public"."patterns"("ID") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_idx" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "pattern_files_pattern_idx" ON "pattern_files" USING btree ("pattern_id");--> statement-breakpoint
CREATE INDEX "pattern_files_size_idx" ON "pattern_files" USING btree ("size_id");--> statement-breakpoint
CREATE INDEX "patterns_updated_idx" ON "patterns" USING btree ("updated_at","ID");--> statement-breakpoint
CREATE INDEX "patterns_brand_updated_idx" ON "patterns" USING btree ("brand_id","updated_at","ID");--> statement-breakpoint
CREATE INDEX "pieces_size_idx" ON "pieces" USING btree ("size_id");--> statement-breakpoint
CREATE INDEX "support_messages_created_idx" ON "support_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_brand_idx" ON "users" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "users_full_name_lower_idx" ON "users" USING btree (lower("full_name"));