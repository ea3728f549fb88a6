CREATE TABLE "dnode_relation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dnode_relation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"xnode" integer NOT NULL,
	"ynode" integer NOT NULL,
	"relation_name" text NOT NULL,
	"custom_relation" integer,
	"xorder" double precision DEFAULT 0 NOT NULL,
	"yorder" double precision DEFAULT 0 NOT NULL,
	"key" text,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"showed_side" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dnode_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dnode_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dnode_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"editor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dnode" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "dnode_relation" ADD CONSTRAINT "dnode_relation_xnode_dnode_id_fk" FOREIGN KEY ("xnode") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnode_relation" ADD CONSTRAINT "dnode_relation_ynode_dnode_id_fk" FOREIGN KEY ("ynode") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnode_version" ADD CONSTRAINT "dnode_version_dnode_id_dnode_id_fk" FOREIGN KEY ("dnode_id") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relation_children_idx" ON "dnode_relation" USING btree ("xnode","relation_name","yorder") WHERE not "dnode_relation"."is_deleted";--> statement-breakpoint
CREATE INDEX "relation_parents_idx" ON "dnode_relation" USING btree ("ynode","relation_name","xorder") WHERE not "dnode_relation"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "relation_unique_live_idx" ON "dnode_relation" USING btree ("xnode","ynode","relation_name") WHERE not "dnode_relation"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "dnode_version_idx" ON "dnode_version" USING btree ("dnode_id","version");--> statement-breakpoint
CREATE INDEX "dnode_owner_updated_idx" ON "dnode" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "dnode_src_idx" ON "dnode" USING btree ("src_id");--> statement-breakpoint
CREATE INDEX "dnode_search_idx" ON "dnode" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "dnode_ref_idx" ON "dnode" USING btree (("content"->>'ref_id')) WHERE "dnode"."type" = 'REF';