DROP INDEX "relation_children_idx";--> statement-breakpoint
DROP INDEX "relation_parents_idx";--> statement-breakpoint
CREATE INDEX "relation_children_idx" ON "dnode_relation" USING btree ("xnode","relation_name","yorder","id") WHERE not "dnode_relation"."is_deleted";--> statement-breakpoint
CREATE INDEX "relation_parents_idx" ON "dnode_relation" USING btree ("ynode","relation_name","xorder","id") WHERE not "dnode_relation"."is_deleted";