CREATE TABLE "match_guests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_guests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"match_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "match_requests_status_check" CHECK ("match_requests"."status" in ('pending', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "open_levels" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "match_guests" ADD CONSTRAINT "match_guests_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_requests" ADD CONSTRAINT "match_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_guests_match_idx" ON "match_guests" USING btree ("match_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_requests_pending_key" ON "match_requests" USING btree ("match_id","user_id") WHERE "match_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "match_requests_match_idx" ON "match_requests" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "match_requests_user_idx" ON "match_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_share_token_idx" ON "matches" USING btree ("share_token");--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_visibility_check" CHECK ("matches"."visibility" in ('public', 'private'));--> statement-breakpoint
-- hand-written
-- Requests to join expire when their match fills (issue 25). A trigger covers every way a match
-- fills (a join, a promotion, an edit, a reserved seat, an accepted request) in the transaction
-- that fills it, so no code path can forget it.
CREATE FUNCTION match_requests_expire_on_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE match_requests SET status = 'expired', answered_at = now()
   WHERE match_id = NEW.id AND status = 'pending';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER matches_expire_requests_on_fill AFTER UPDATE OF missing_players ON matches
  FOR EACH ROW WHEN (NEW.missing_players = 0 AND OLD.missing_players > 0)
  EXECUTE FUNCTION match_requests_expire_on_fill();
