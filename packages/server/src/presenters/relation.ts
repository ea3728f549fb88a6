import type { dnodeRelation } from "../db/schema";

type RelationRow = typeof dnodeRelation.$inferSelect;

/** A relation record as the API returns it (workspace-spec 3 "Relation record"). */
export interface RelationJson {
  id: number;
  xnode: number;
  ynode: number;
  relation_name: string;
  custom_relation: number | null;
  xorder: number;
  yorder: number;
  key: string | null;
  created_at: string;
  info: Record<string, unknown>;
  showed_side: string | null;
  is_deleted: boolean;
}

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
