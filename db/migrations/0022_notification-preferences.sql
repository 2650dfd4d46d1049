ALTER TABLE "users" ADD COLUMN "notify_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "muted_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_from" time DEFAULT '22:00';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_to" time DEFAULT '08:00';--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_message_reads" ADD COLUMN "muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_quiet_hours" CHECK (("users"."quiet_from" is null) = ("users"."quiet_to" is null));