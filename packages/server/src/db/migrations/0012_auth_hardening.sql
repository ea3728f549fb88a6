CREATE TABLE "refresh_token" (
	"id" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task" ADD CONSTRAINT "task_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family");--> statement-breakpoint
CREATE INDEX "refresh_token_expiry_idx" ON "refresh_token" USING btree ("expires_at");--> statement-breakpoint
-- Existing accounts get their comparison keys; where two old names (or e-mail addresses) already collide
-- once normalised, the oldest account keeps the key and the later ones stay without it (they can still
-- sign in by their exact name), so this never fails on old data while new collisions are refused.
UPDATE "users" u SET "username_key" = lower(normalize(u."username", NFKC))
WHERE u."id" = (SELECT min(v."id") FROM "users" v
                WHERE lower(normalize(v."username", NFKC)) = lower(normalize(u."username", NFKC)));--> statement-breakpoint
UPDATE "users" u SET "email_key" = lower(btrim(u."email"))
WHERE u."id" = (SELECT min(v."id") FROM "users" v WHERE lower(btrim(v."email")) = lower(btrim(u."email")));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_key" ON "users" USING btree ("username_key") WHERE "users"."username_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key_key" ON "users" USING btree ("email_key") WHERE "users"."email_key" is not null;