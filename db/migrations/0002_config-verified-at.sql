ALTER TABLE "sms_config" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "smtp_config" ADD COLUMN "verified_at" timestamp with time zone;