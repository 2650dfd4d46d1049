CREATE TABLE "match_courts" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"booked_by" integer,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_nudges" (
	"match_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_nudges_match_id_kind_pk" PRIMARY KEY("match_id","kind")
);
--> statement-breakpoint
CREATE TABLE "match_payments" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"marked_by" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_payments_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "booking_url" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "indoor" boolean;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "kind" text DEFAULT 'amical' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "gender" text DEFAULT 'ouvert' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "match_courts" ADD CONSTRAINT "match_courts_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_courts" ADD CONSTRAINT "match_courts_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_nudges" ADD CONSTRAINT "match_nudges_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_payments" ADD CONSTRAINT "match_payments_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_payments" ADD CONSTRAINT "match_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_payments" ADD CONSTRAINT "match_payments_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_payments_user_idx" ON "match_payments" USING btree ("user_id");--> statement-breakpoint
-- An evening's « Compétitif » now lives on its match row, like every match's kind.
UPDATE "matches" SET "kind" = 'competitif' FROM "evenings" WHERE "evenings"."match_id" = "matches"."id" AND "evenings"."competitive";--> statement-breakpoint
ALTER TABLE "evenings" DROP COLUMN "competitive";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('homme', 'femme'));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_kind_check" CHECK ("matches"."kind" in ('amical', 'competitif'));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_gender_check" CHECK ("matches"."gender" in ('ouvert', 'hommes', 'femmes', 'mixte'));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_price_check" CHECK ("matches"."price_cents" between 0 and 1000000);