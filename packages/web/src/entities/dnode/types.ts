import type {
  BatchRelationsWithData as BatchRelationsWithDataJson,
  DnodeJson,
  NodeRelationsPage,
  RelationJson,
  RelationsWithData as RelationsWithDataJson,
} from "@zhishu/shared";

/**
 * The node shapes of the web, taken from the shared contracts (docs/API.md "The dnode JSON"), so a field
 * renamed or retyped on the server breaks the web's type check too. The web's `Dnode` is the contract's
 * node with only what every screen needs required: the cache also holds nodes it made itself (a new row
 * under a temporary id, a locked placeholder) before the server has answered with the whole node.
 */
export type { NodeRights, PageInfo, RelationGroup } from "@zhishu/shared";

type DnodeCore =
  | "id"
  | "name"
  | "type"
  | "content"
  | "parent_id"
  | "main_relation"
  | "owner_id"
  | "relations";

/** A dnode as the web holds it: the contract's fields, the core ones required. */
export type Dnode = Pick<DnodeJson, DnodeCore> & Partial<Omit<DnodeJson, DnodeCore>>;

type RelationCore = "id" | "xnode" | "ynode" | "relation_name" | "yorder" | "xorder";

/** A relation record (workspace-spec 3) as the web holds it: the contract's fields, the core ones required. */
export type Relation = Pick<RelationJson, RelationCore> & Partial<Omit<RelationJson, RelationCore>>;

/** GET /api/dnode/{id}/relations_with_data/: the contract's answer, read as the web's node shapes. */
export type RelationsWithData = Omit<RelationsWithDataJson, "relations" | "related_nodes"> & {
  relations: Relation[];
  related_nodes: Dnode[];
};

/** GET /api/dnode/batch_relations_with_data/ */
export type BatchRelationsWithData = Omit<BatchRelationsWithDataJson, "results" | "all_related_nodes"> & {
  results: Record<string, Omit<NodeRelationsPage, "relations"> & { relations: Relation[] }>;
  all_related_nodes: Dnode[];
};

/**
 * The loaded part of one node's children under one relation: `ids` is always a prefix of the server's
 * list (in display order), so "load more" can ask for the next page and drop what it already holds.
 */
export interface ChildList {
  ids: number[];
  /** The server's count, kept up to date by optimistic edits; more to load while ids.length < total. */
  total: number;
  status: "loading" | "ready" | "error";
  error?: string;
  /** Bumped by every local change, so a load that started before one merges instead of replacing. */
  rev: number;
}
