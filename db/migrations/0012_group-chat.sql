ALTER TABLE "match_message_reads" DROP CONSTRAINT "match_message_reads_match_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "match_message_reads" ALTER COLUMN "match_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "match_messages" ALTER COLUMN "match_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "match_message_reads" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "match_message_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "match_message_reads" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "match_messages" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "match_message_reads" ADD CONSTRAINT "match_message_reads_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_messages" ADD CONSTRAINT "match_messages_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_message_reads_match_key" ON "match_message_reads" USING btree ("match_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_message_reads_group_key" ON "match_message_reads" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "match_messages_group_idx" ON "match_messages" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "match_messages_group_rev_idx" ON "match_messages" USING btree ("group_id","rev");--> statement-breakpoint
ALTER TABLE "match_message_reads" ADD CONSTRAINT "match_message_reads_one_room" CHECK (num_nonnulls("match_message_reads"."match_id", "match_message_reads"."group_id") = 1);--> statement-breakpoint
ALTER TABLE "match_messages" ADD CONSTRAINT "match_messages_one_room" CHECK (num_nonnulls("match_messages"."match_id", "match_messages"."group_id") = 1);--> statement-breakpoint
-- hand-written (keep this block when the migration is regenerated or renumbered)
-- A match kept to its group ("group_only") becomes private like any private match: it gets the random
-- share token private matches have (22 base64url characters from a random UUID's 16 bytes), so its
-- sequential id reveals nothing to outsiders; existing rows keep their token if they have one.
UPDATE "matches" SET "visibility" = 'private', "share_token" = coalesce("share_token", translate(rtrim(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')) WHERE "visibility" <> 'private' AND "id" IN (SELECT "match_id" FROM "group_matches" WHERE "is_group_only");
