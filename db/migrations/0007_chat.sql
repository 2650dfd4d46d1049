CREATE SEQUENCE "public"."match_messages_rev_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "match_message_rate" (
	"user_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "match_message_rate_user_id_minute_pk" PRIMARY KEY("user_id","minute")
);
--> statement-breakpoint
CREATE TABLE "match_message_reads" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "match_message_reads_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "match_message_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_message_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"match_id" integer NOT NULL,
	"author_id" integer,
	"kind" text NOT NULL,
	"subject_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"rev" bigint DEFAULT nextval('match_messages_rev_seq') NOT NULL,
	CONSTRAINT "match_messages_text_length" CHECK (char_length("match_messages"."text") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ALTER COLUMN "kinds" SET DEFAULT array['joined','left','changed','cancelled','promoted','reminder','soon','message']::text[];--> statement-breakpoint
ALTER TABLE "match_message_rate" ADD CONSTRAINT "match_message_rate_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_message_reads" ADD CONSTRAINT "match_message_reads_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_message_reads" ADD CONSTRAINT "match_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_message_reports" ADD CONSTRAINT "match_message_reports_message_id_match_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."match_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_message_reports" ADD CONSTRAINT "match_message_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_messages" ADD CONSTRAINT "match_messages_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_messages" ADD CONSTRAINT "match_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_messages" ADD CONSTRAINT "match_messages_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_message_reads_user_idx" ON "match_message_reads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_message_reports_key" ON "match_message_reports" USING btree ("message_id","reporter_id");--> statement-breakpoint
CREATE INDEX "match_message_reports_reporter_idx" ON "match_message_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "match_messages_match_idx" ON "match_messages" USING btree ("match_id","id");--> statement-breakpoint
CREATE INDEX "match_messages_match_rev_idx" ON "match_messages" USING btree ("match_id","rev");--> statement-breakpoint
CREATE INDEX "match_messages_author_idx" ON "match_messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "match_messages_subject_idx" ON "match_messages" USING btree ("subject_id");--> statement-breakpoint
-- hand-written
-- Devices subscribed before the chat existed get its notices too (one per match per 15 minutes at most).
UPDATE "push_subscriptions" SET "kinds" = array_append("kinds", 'message') WHERE NOT ('message' = ANY("kinds"));
