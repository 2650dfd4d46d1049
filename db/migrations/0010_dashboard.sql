CREATE TABLE "dashboard_active_weeks" (
	"time_zone" text NOT NULL,
	"week" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "dashboard_active_weeks_time_zone_week_user_id_pk" PRIMARY KEY("time_zone","week","user_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_weeks_done" (
	"time_zone" text NOT NULL,
	"week" date NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_weeks_done_time_zone_week_pk" PRIMARY KEY("time_zone","week")
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "filled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dashboard_active_weeks" ADD CONSTRAINT "dashboard_active_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "match_participants_joined_idx" ON "match_participants" USING btree ("joined_at","user_id");--> statement-breakpoint
CREATE INDEX "matches_created_stats_idx" ON "matches" USING btree ("created_at","place_id","filled_at","created_by");--> statement-breakpoint
CREATE INDEX "matches_played_stats_idx" ON "matches" USING btree ("date","place_id","time");--> statement-breakpoint
CREATE INDEX "outbox_created_stats_idx" ON "outbox" USING btree ("created_at","channel");--> statement-breakpoint
CREATE INDEX "outbox_channel_sent_idx" ON "outbox" USING btree ("channel","sent_at");--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("failed_at","id") WHERE "outbox"."failed_at" is not null and "outbox"."sent_at" is null;--> statement-breakpoint
-- hand-written
-- filled_at follows missing_players in the same row change, whatever statement makes it (a join's
-- conditional UPDATE, a leave, a waiting-list promotion, an edit of the slots, an account erasure):
-- set when the last place is taken, cleared when a place frees. A trigger, so no code path can
-- forget it and it is atomic with the change itself.
CREATE OR REPLACE FUNCTION matches_track_filled_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.missing_players > 0 THEN
    NEW.filled_at := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW.filled_at := coalesce(NEW.filled_at, now());
  ELSIF OLD.missing_players > 0 THEN
    NEW.filled_at := now();
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER matches_filled_at_insert BEFORE INSERT ON matches
  FOR EACH ROW EXECUTE FUNCTION matches_track_filled_at();--> statement-breakpoint
CREATE TRIGGER matches_filled_at_update BEFORE UPDATE OF missing_players ON matches
  FOR EACH ROW EXECUTE FUNCTION matches_track_filled_at();--> statement-breakpoint
-- Matches already full: filled when their last player joined (or when created, if none joined).
UPDATE matches m SET filled_at = coalesce(
  (SELECT max(p.joined_at) FROM match_participants p WHERE p.match_id = m.id), m.created_at)
WHERE m.missing_players = 0;
