CREATE TABLE "dnode" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dnode_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_id" integer,
	"main_relation" text,
	"owner_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"src_id" integer,
	"src_version" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"anchor_id" integer,
	"order" double precision,
	"finished_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"root_node_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dnode" ADD CONSTRAINT "dnode_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnode" ADD CONSTRAINT "dnode_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dnode_owner_idx" ON "dnode" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "dnode_anchor_idx" ON "dnode" USING btree ("anchor_id");--> statement-breakpoint
CREATE INDEX "dnode_parent_idx" ON "dnode" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));