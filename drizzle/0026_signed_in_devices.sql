-- Issue 45, signed-in devices: what My Account shows of each session. The browser (User-Agent),
-- the address it signed in from and how (password, company sign-in, invitation) are written once
-- with the session; the last request's time and address live in their own table, updated at most
-- every few minutes, so the session triggers (0007: an UPDATE of sessions empties the session
-- cache) are not fired by ordinary requests.
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "method" text;--> statement-breakpoint
CREATE TABLE "session_seen" (
  "session_id" integer PRIMARY KEY NOT NULL REFERENCES "sessions"("id") ON DELETE CASCADE,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ip" text
);
