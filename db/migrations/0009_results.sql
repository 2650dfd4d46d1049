CREATE TABLE "match_leaves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_leaves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_late" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_results" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"teams" jsonb NOT NULL,
	"sets" jsonb NOT NULL,
	"winner" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"contest_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "match_results_winner" CHECK ("match_results"."winner" in (0, 1)),
	CONSTRAINT "match_results_status" CHECK ("match_results"."status" in ('pending', 'confirmed', 'contested', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "no_shows" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"marked_by" integer,
	"status" text DEFAULT 'absent' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "no_shows_match_id_user_id_pk" PRIMARY KEY("match_id","user_id"),
	CONSTRAINT "no_shows_status" CHECK ("no_shows"."status" in ('absent', 'contested', 'upheld', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "player_ratings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"vol" double precision NOT NULL,
	"band_level" text,
	"band_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rating_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"match_id" integer,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"suggestions_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "rating_settings_single_row" CHECK ("rating_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "result_prompts" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_leaves" ADD CONSTRAINT "match_leaves_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_leaves" ADD CONSTRAINT "match_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_results" ADD CONSTRAINT "match_results_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_results" ADD CONSTRAINT "match_results_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_results" ADD CONSTRAINT "match_results_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_results" ADD CONSTRAINT "match_results_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_shows" ADD CONSTRAINT "no_shows_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_prompts" ADD CONSTRAINT "result_prompts_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_leaves_user_idx" ON "match_leaves" USING btree ("user_id","match_id");--> statement-breakpoint
CREATE INDEX "match_results_pending_idx" ON "match_results" USING btree ("entered_at") WHERE "match_results"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "no_shows_user_idx" ON "no_shows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rating_history_user_idx" ON "rating_history" USING btree ("user_id","id");