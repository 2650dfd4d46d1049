CREATE TABLE "match_refills" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"offered" integer DEFAULT 0 NOT NULL,
	"second_wave_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_refills" ADD CONSTRAINT "match_refills_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_refills_due_idx" ON "match_refills" USING btree ("second_wave_at") WHERE "match_refills"."second_wave_at" is not null;