CREATE TABLE "level_verifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"verified_by" integer,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "level_verifications" ADD CONSTRAINT "level_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_verifications" ADD CONSTRAINT "level_verifications_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;