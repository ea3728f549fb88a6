CREATE TABLE "dialogue" (
	"node_id" integer PRIMARY KEY NOT NULL,
	"dialogue_type" text NOT NULL,
	"logic_id" text,
	"group_id" integer,
	"creator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dialogue_draft" (
	"dialogue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	CONSTRAINT "dialogue_draft_dialogue_id_user_id_pk" PRIMARY KEY("dialogue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dialogue_participant" (
	"dialogue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dialogue_participant_dialogue_id_user_id_pk" PRIMARY KEY("dialogue_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "dialogue" ADD CONSTRAINT "dialogue_node_id_dnode_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue" ADD CONSTRAINT "dialogue_group_id_users_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue" ADD CONSTRAINT "dialogue_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue_draft" ADD CONSTRAINT "dialogue_draft_dialogue_id_dialogue_node_id_fk" FOREIGN KEY ("dialogue_id") REFERENCES "public"."dialogue"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue_draft" ADD CONSTRAINT "dialogue_draft_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue_draft" ADD CONSTRAINT "dialogue_draft_node_id_dnode_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue_participant" ADD CONSTRAINT "dialogue_participant_dialogue_id_dialogue_node_id_fk" FOREIGN KEY ("dialogue_id") REFERENCES "public"."dialogue"("node_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue_participant" ADD CONSTRAINT "dialogue_participant_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dialogue_logic_id_key" ON "dialogue" USING btree ("logic_id") WHERE "dialogue"."logic_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dialogue_draft_node_key" ON "dialogue_draft" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "dialogue_participant_inbox_idx" ON "dialogue_participant" USING btree ("user_id","last_activity_at" DESC NULLS LAST,"dialogue_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dnode_process_children_idx" ON "dnode" USING btree ("parent_id") WHERE "dnode"."type" = 'PROCESS' and "dnode"."main_relation" in ('SUBPROCESS', 'CHILD_NODE');--> statement-breakpoint
CREATE INDEX "relation_children_time_idx" ON "dnode_relation" USING btree ("xnode","relation_name","created_at","id") WHERE not "dnode_relation"."is_deleted";