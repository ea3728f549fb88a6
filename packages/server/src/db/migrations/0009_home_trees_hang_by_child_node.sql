-- Trees planted at home used to hang by their USER_ROOT link, so removing the card from home deleted the
-- whole tree. Their main place becomes a CHILD_NODE link under the user root (我的根节点); the USER_ROOT
-- link stays, now only the home card.
INSERT INTO "dnode_relation" ("xnode", "ynode", "relation_name", "xorder", "yorder")
SELECT r."xnode", r."ynode", 'CHILD_NODE', r."xorder", r."yorder"
FROM "dnode_relation" r
JOIN "dnode" d ON d."id" = r."ynode" AND d."parent_id" = r."xnode" AND d."main_relation" = 'USER_ROOT'
WHERE r."relation_name" = 'USER_ROOT' AND NOT r."is_deleted"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "dnode" SET "main_relation" = 'CHILD_NODE' WHERE "main_relation" = 'USER_ROOT';
