CREATE TABLE "match_removals" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_removals" ADD CONSTRAINT "match_removals_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_removals" ADD CONSTRAINT "match_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_removals_match_user_key" ON "match_removals" USING btree ("match_id","user_id");--> statement-breakpoint
CREATE INDEX "match_removals_user_idx" ON "match_removals" USING btree ("user_id");