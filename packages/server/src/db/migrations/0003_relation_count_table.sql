CREATE TABLE "relation_count" (
	"node" integer NOT NULL,
	"side" text NOT NULL,
	"relation_name" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "relation_count_node_side_relation_name_pk" PRIMARY KEY("node","side","relation_name")
);
