CREATE TABLE "node_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "node_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"node_ids" integer[] NOT NULL,
	"anchor_ids" integer[] NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trash_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trash_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" text NOT NULL,
	"root_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"node_count" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"deleted_by" integer,
	"parent_id" integer,
	"main_relation" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trash_item" ADD CONSTRAINT "trash_item_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trash_item" ADD CONSTRAINT "trash_item_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "node_event_at_idx" ON "node_event" USING btree ("at");--> statement-breakpoint
CREATE INDEX "trash_owner_idx" ON "trash_item" USING btree ("owner_id","deleted_at");--> statement-breakpoint
CREATE INDEX "trash_deleter_idx" ON "trash_item" USING btree ("deleted_by","deleted_at");--> statement-breakpoint
CREATE INDEX "trash_batch_idx" ON "trash_item" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "trash_deleted_at_idx" ON "trash_item" USING btree ("deleted_at");