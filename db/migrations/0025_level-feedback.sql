CREATE TABLE "level_feedback" (
	"match_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"about_user_id" integer NOT NULL,
	"verdict" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_feedback_match_id_from_user_id_about_user_id_pk" PRIMARY KEY("match_id","from_user_id","about_user_id"),
	CONSTRAINT "level_feedback_verdict" CHECK ("level_feedback"."verdict" in ('plus_bas', 'juste', 'plus_haut')),
	CONSTRAINT "level_feedback_not_self" CHECK ("level_feedback"."from_user_id" <> "level_feedback"."about_user_id")
);
--> statement-breakpoint
ALTER TABLE "level_feedback" ADD CONSTRAINT "level_feedback_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_feedback" ADD CONSTRAINT "level_feedback_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_feedback" ADD CONSTRAINT "level_feedback_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "level_feedback_about_idx" ON "level_feedback" USING btree ("about_user_id","created_at");