CREATE TABLE "create_key" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"node_id" integer,
	"relation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "create_key_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "create_key" ADD CONSTRAINT "create_key_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "create_key_created_idx" ON "create_key" USING btree ("created_at");