CREATE TABLE "domain_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"type" text NOT NULL,
	"match_id" integer,
	"user_id" integer,
	"actor_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_cursors" (
	"consumer" text PRIMARY KEY NOT NULL,
	"tx" bigint DEFAULT 0 NOT NULL,
	"event_id" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "domain_events_order_idx" ON "domain_events" USING btree ("tx","id");--> statement-breakpoint
INSERT INTO "event_cursors" ("consumer") VALUES ('webhooks'), ('chat'), ('notices') ON CONFLICT DO NOTHING;
