DROP INDEX "matches_place_idx";--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "matches_open_idx" ON "matches" USING btree ("date","time","id") WHERE "matches"."missing_players" > 0;--> statement-breakpoint
CREATE INDEX "matches_need_idx" ON "matches" USING btree ("missing_players","date","time","id") WHERE "matches"."missing_players" > 0;--> statement-breakpoint
CREATE INDEX "matches_place_idx" ON "matches" USING btree ("place_id","date","time","id");