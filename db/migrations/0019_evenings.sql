CREATE TABLE "evening_games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evening_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"match_id" integer NOT NULL,
	"round" integer NOT NULL,
	"court" integer NOT NULL,
	"team_a" jsonb NOT NULL,
	"team_b" jsonb NOT NULL,
	"score_a" integer,
	"score_b" integer,
	"scored_by" integer,
	"scored_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "evening_games_score_pair" CHECK (("evening_games"."score_a" is null) = ("evening_games"."score_b" is null))
);
--> statement-breakpoint
CREATE TABLE "evening_rounds" (
	"match_id" integer NOT NULL,
	"number" integer NOT NULL,
	"sitting_out" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evenings" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"courts" integer NOT NULL,
	"points_per_game" integer NOT NULL,
	"competitive" boolean DEFAULT false NOT NULL,
	"price_cents" integer,
	"sit_out_rule" text DEFAULT 'average' NOT NULL,
	"mexicano_pairing" text DEFAULT '1-4' NOT NULL,
	"group_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"signups_closed" boolean DEFAULT false NOT NULL,
	"current_round" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "evenings_courts_range" CHECK ("evenings"."courts" between 1 and 8),
	CONSTRAINT "evenings_points_range" CHECK ("evenings"."points_per_game" between 4 and 99),
	CONSTRAINT "evenings_format_check" CHECK ("evenings"."format" in ('americano', 'mexicano', 'king')),
	CONSTRAINT "evenings_status_check" CHECK ("evenings"."status" in ('open', 'running', 'finished')),
	CONSTRAINT "evenings_price_range" CHECK ("evenings"."price_cents" is null or "evenings"."price_cents" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "evening_games" ADD CONSTRAINT "evening_games_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evening_games" ADD CONSTRAINT "evening_games_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evening_rounds" ADD CONSTRAINT "evening_rounds_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evenings" ADD CONSTRAINT "evenings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evenings" ADD CONSTRAINT "evenings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evening_games_court_key" ON "evening_games" USING btree ("match_id","round","court");--> statement-breakpoint
CREATE UNIQUE INDEX "evening_rounds_key" ON "evening_rounds" USING btree ("match_id","number");--> statement-breakpoint
CREATE INDEX "evenings_group_idx" ON "evenings" USING btree ("group_id");--> statement-breakpoint
-- The cursor of the evenings' notices (a consumer of the event log).
INSERT INTO "event_cursors" ("consumer") VALUES ('evenings') ON CONFLICT DO NOTHING;
