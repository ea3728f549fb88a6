import type { RelationJson } from "@zhishu/shared";
import type { dnodeRelation } from "../db/schema";

type RelationRow = typeof dnodeRelation.$inferSelect;

/** Presents one relation row. */
export function presentRelation(row: RelationRow): RelationJson {
  return {
    id: row.id,
    xnode: row.xnode,
    ynode: row.ynode,
    relation_name: row.relationName,
    custom_relation: row.customRelation,
    xorder: row.xorder,
    yorder: row.yorder,
    key: row.key,
    created_at: row.createdAt.toISOString(),
    info: row.info,
    showed_side: row.showedSide,
    is_deleted: row.isDeleted,
  };
}
