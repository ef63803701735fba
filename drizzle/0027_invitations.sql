-- Issue 45, invitations: an admin invites a partner by e-mail; the link (valid INVITE_DAYS) lets
-- them choose a password and signs them in. Only the link token's SHA-256 is kept. A pending
-- invitation has neither used_at nor cancelled_at; one per address at a time.
CREATE TABLE "invitations" (
  "id" serial PRIMARY KEY NOT NULL,
  "email" text NOT NULL,
  "full_name" text NOT NULL,
  "role" text NOT NULL,
  "brand_id" integer REFERENCES "brands"("id"),
  "token_hash" text NOT NULL UNIQUE,
  "invited_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_idx" ON "invitations" (lower("email")) WHERE "used_at" IS NULL AND "cancelled_at" IS NULL;
