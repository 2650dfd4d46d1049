ALTER TABLE "matches" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_idempotency_key_idx" ON "matches" USING btree ("created_by","idempotency_key");