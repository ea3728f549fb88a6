import type { DnodeJson, NodeRights, RelationGroup } from "@zhishu/shared";
import type { DnodeWithExtras } from "../db/node-rows";

/** Presents one node with its relation groups and the caller's rights. */
export function presentDnode(
  row: DnodeWithExtras,
  relations: Record<string, RelationGroup>,
  rights: NodeRights,
  isPublic = false,
): DnodeJson {
  const content = row.content ?? {};
  const ySideGroups = Object.entries(relations).filter(
    ([key]) => !key.startsWith("x__") && key !== "inheritances",
  );
  const main = row.mainRelation ? relations[row.mainRelation] : undefined;
  const questionIds = content.question_ids;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    content,
    parent_id: row.parentId,
    main_relation: row.mainRelation,
    owner_id: row.ownerId,
    creator_id: row.creatorId,
    creator_name: row.creatorName,
    src_id: row.srcId,
    src_version: row.srcVersion,
    version: row.version,
    anchor_id: row.anchorId,
    order: row.mainOrder ?? row.order ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    xtype: typeof content.xtype === "string" ? content.xtype : null,
    relations,
    // The node's own children in its main relation kind, as the tree shows them first.
    children: relations.CHILD_NODE?.head ?? main?.head ?? [],
    dd_cnt: relations.CHILD_NODE?.size ?? 0,
    relatedChildrenCnt: ySideGroups.reduce((sum, [, group]) => sum + group.size, 0),
    questionsCnt: Array.isArray(questionIds) ? questionIds.length : 0,
    evolves: row.version - 1,
    permissions: rights,
    is_public: isPublic,
  };
}

/**
 * What a caller sees of a node they may not read, where a list must keep its place (a reference into a
 * tree they cannot read): the id and a lock, never the name, type or content.
 */
export function presentLockedDnode(id: number): DnodeJson {
  const epoch = new Date(0).toISOString();
  return {
    id,
    name: "",
    type: "LOCKED",
    content: {},
    parent_id: null,
    main_relation: null,
    owner_id: 0,
    creator_id: 0,
    creator_name: null,
    src_id: null,
    src_version: null,
    version: 0,
    anchor_id: null,
    order: null,
    created_at: epoch,
    updated_at: epoch,
    finished_at: null,
    xtype: null,
    relations: {},
    children: [],
    dd_cnt: 0,
    relatedChildrenCnt: 0,
    questionsCnt: 0,
    evolves: 0,
    permissions: { read: false, write: false, admin: false },
    is_public: false,
    locked: true,
  };
}
