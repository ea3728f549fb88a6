/**
 * The shapes the outliner reads from the node API (docs/API.md "The dnode JSON"). The server keeps its
 * own presenter types; these are the client's view of them, with only what the outliner uses required.
 */

/** One relation group of a node: its size and the first ids (at most 200) in display order. */
export interface RelationGroup {
  size: number;
  head: number[];
  dict: Record<string, number>;
}

/** The caller's rights on a node; the client gates editing on these, never on its own rules. */
export interface NodeRights {
  read: boolean;
  write: boolean;
  admin: boolean;
}

/** A dnode as the API returns it. */
export interface Dnode {
  id: number;
  name: string;
  type: string;
  content: Record<string, unknown>;
  parent_id: number | null;
  main_relation: string | null;
  owner_id: number;
  creator_id?: number;
  creator_name?: string | null;
  anchor_id?: number | null;
  version?: number;
  /** The source node of a synchronised copy (push / pull). */
  src_id?: number | null;
  created_at?: string;
  updated_at?: string;
  /** Generic completion (workspace-spec 4): set when the node is done, null otherwise. */
  finished_at?: string | null;
  relations: Record<string, RelationGroup>;
  dd_cnt?: number;
  /** Arriving with the rights issue; absent means the server did not say (treated as allowed). */
  permissions?: NodeRights;
  /** The node's tree is published (its bullet is coloured). */
  is_public?: boolean;
  /** A placeholder for a node the caller may not read: only the id is real. */
  locked?: boolean;
}

/** A relation record (workspace-spec 3). */
export interface Relation {
  id: number;
  xnode: number;
  ynode: number;
  relation_name: string;
  yorder: number;
  xorder: number;
  /** A dict entry's key. */
  key?: string | null;
  /** Free facts about the link (relevance, reason …; workspace-spec 3). */
  info?: Record<string, unknown>;
}

export interface PageInfo {
  page: number;
  page_size: number;
  total: number;
  has_more: boolean;
}

/** GET /api/dnode/{id}/relations_with_data/ */
export interface RelationsWithData {
  relations: Relation[];
  related_nodes: Dnode[];
  pagination_info: Record<string, PageInfo>;
}

/** GET /api/dnode/batch_relations_with_data/ */
export interface BatchRelationsWithData {
  results: Record<string, { relations: Relation[]; pagination_info: Record<string, PageInfo> }>;
  all_related_nodes: Dnode[];
  unavailable_ids: number[];
}

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
