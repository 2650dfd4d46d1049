ALTER TABLE "matches" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sms_config" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "smtp_config" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_idempotency_key_idx" ON "matches" USING btree ("created_by","idempotency_key");