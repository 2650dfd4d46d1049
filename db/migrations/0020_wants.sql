CREATE TABLE "want_notice_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "want_notice_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "want_notices" (
	"user_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "want_notices_user_id_match_id_pk" PRIMARY KEY("user_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "wants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"weekdays" integer[] NOT NULL,
	"from_time" time NOT NULL,
	"to_time" time NOT NULL,
	"place_ids" integer[] NOT NULL,
	"level" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wants_window" CHECK ("wants"."from_time" < "wants"."to_time"),
	CONSTRAINT "wants_weekdays" CHECK ("wants"."weekdays" <@ array[1,2,3,4,5,6,7] and cardinality("wants"."weekdays") > 0),
	CONSTRAINT "wants_places" CHECK (cardinality("wants"."place_ids") > 0)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "kinds" SET DEFAULT array['joined','left','changed','cancelled','promoted','reminder','soon','message','alert']::text[];--> statement-breakpoint
ALTER TABLE "want_notice_days" ADD CONSTRAINT "want_notice_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_notices" ADD CONSTRAINT "want_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_notices" ADD CONSTRAINT "want_notices_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wants" ADD CONSTRAINT "wants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "want_notices_held_idx" ON "want_notices" USING btree ("user_id") WHERE "want_notices"."status" = 'held';--> statement-breakpoint
CREATE INDEX "wants_user_idx" ON "wants" USING btree ("user_id");--> statement-breakpoint
-- Devices registered before alerts existed get them too: only a player who saves an alert is sent one.
UPDATE "push_subscriptions" SET "kinds" = array_append("kinds", 'alert') WHERE NOT ('alert' = ANY ("kinds"));--> statement-breakpoint
-- The cursor of the alerts' consumer of the event log.
INSERT INTO "event_cursors" ("consumer") VALUES ('wants') ON CONFLICT DO NOTHING;
