CREATE TABLE "anchor_grant" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "anchor_grant_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"anchor_id" integer NOT NULL,
	"user_id" integer,
	"auth_type" text NOT NULL,
	"descendent_id" integer,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anchor_setting" (
	"anchor_id" integer PRIMARY KEY NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" integer
);
--> statement-breakpoint
CREATE TABLE "dnode_permission" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dnode_permission_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dnode_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"can_read" boolean DEFAULT false NOT NULL,
	"can_write" boolean DEFAULT false NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anchor_grant" ADD CONSTRAINT "anchor_grant_anchor_id_dnode_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_grant" ADD CONSTRAINT "anchor_grant_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_grant" ADD CONSTRAINT "anchor_grant_descendent_id_dnode_id_fk" FOREIGN KEY ("descendent_id") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_grant" ADD CONSTRAINT "anchor_grant_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_setting" ADD CONSTRAINT "anchor_setting_anchor_id_dnode_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_setting" ADD CONSTRAINT "anchor_setting_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnode_permission" ADD CONSTRAINT "dnode_permission_dnode_id_dnode_id_fk" FOREIGN KEY ("dnode_id") REFERENCES "public"."dnode"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnode_permission" ADD CONSTRAINT "dnode_permission_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnode_permission" ADD CONSTRAINT "dnode_permission_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anchor_grant_key" ON "anchor_grant" USING btree ("anchor_id",coalesce("user_id", 0),coalesce("descendent_id", 0));--> statement-breakpoint
CREATE INDEX "anchor_grant_user_idx" ON "anchor_grant" USING btree ("user_id","anchor_id");--> statement-breakpoint
CREATE INDEX "anchor_setting_public_idx" ON "anchor_setting" USING btree ("published_at") WHERE "anchor_setting"."is_public";--> statement-breakpoint
CREATE UNIQUE INDEX "dnode_permission_key" ON "dnode_permission" USING btree ("dnode_id","user_id");--> statement-breakpoint
CREATE INDEX "dnode_permission_user_idx" ON "dnode_permission" USING btree ("user_id");