ALTER TABLE "webhook_endpoints" ADD COLUMN "api_key_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_api_key_idx" ON "webhook_endpoints" USING btree ("api_key_id");--> statement-breakpoint
-- Endpoints registered over v2 before keys were recorded: created_by is then the key's service
-- account. Where that account has a single key, the endpoint is that key's; where it has several,
-- which one registered it is unknown, so it stays with the admin (no key sees it) rather than
-- being shown to a key that may not own it.
UPDATE "webhook_endpoints" e SET "api_key_id" = k."id"
  FROM "api_keys" k
 WHERE k."service_user_id" = e."created_by"
   AND (SELECT count(*) FROM "api_keys" o WHERE o."service_user_id" = e."created_by") = 1;
