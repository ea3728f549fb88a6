import { DEFAULT_RELATION_PAGE_SIZE, type DeletedNodesResult } from "@zhishu/shared";
import { api } from "../../api/client";
import { trashApi } from "../../api/trash";
import type { BatchRelationsWithData, Dnode, Relation, RelationsWithData } from "./types";

/** The node API calls the outliner makes (docs/API.md), typed. */

export interface CreateBody {
  type: string;
  name: string;
  location_id: number;
  relation_name: string;
  next_id?: number | null;
  content?: Record<string, unknown>;
}

export interface MoveBody {
  moved_nodes_ids: number[];
  target_node_id: number;
  old_location_id: number;
  old_relationName: string;
  new_relationName: string;
  before_node_id?: number | null;
  keep_old: false;
  way: "move" | "move_and_refer";
}

/** A drop position as the refer and clone calls take it (docs/API.md "API conventions"). */
export type ApiLocation = { position: "insideLast" } | { position: "before"; before_node_id: number };

export interface ReferBody {
  refered_nodes_ids: number[];
  target_node_id: number;
  relation_name: string;
  location: ApiLocation;
}

export interface CloneBody {
  source_id: number;
  target_parent_id: number;
  relation_name: string;
  location: ApiLocation;
}

export interface UpdateBody {
  name?: string;
  type?: string;
  content?: Record<string, unknown>;
  /** Generic completion: an ISO time, or null to clear it. */
  finished_at?: string | null;
}

export const outlineApi = {
  node: (id: number) => api.get<Dnode>(`/dnode/${id}`),

  /** One page of the given groups of a node (page 1 unless `pages` says otherwise). */
  relations: (id: number, groups: string[], pages: Record<string, number> = {}) =>
    api.get<RelationsWithData>(`/dnode/${id}/relations_with_data/`, {
      page_size: DEFAULT_RELATION_PAGE_SIZE,
      relation_pages: JSON.stringify(pages),
      relation_names: groups.join(","),
    }),

  /** The first page of one group for many nodes at once. */
  batchRelations: (ids: number[], group: string) =>
    api.get<BatchRelationsWithData>("/dnode/batch_relations_with_data/", {
      node_ids: ids.join(","),
      page_size: DEFAULT_RELATION_PAGE_SIZE,
      relation_names: group,
    }),

  /**
   * `key` makes the creation idempotent: the same key sent again (a retry or a replay after a lost
   * answer) gets the first node back instead of a second one.
   */
  create: (body: CreateBody, key?: string) =>
    api.post<{ dnode: Dnode; relation: Relation }>(
      "/dnode/create/",
      body,
      key === undefined ? {} : { headers: { "idempotency-key": key } },
    ),
  update: (id: number, body: UpdateBody, options: { keepalive?: boolean } = {}) =>
    api.post<Dnode>(`/dnode/${id}/update`, body, options),
  move: (body: MoveBody) => api.post<{ success: boolean }>("/dnode/move", body),
  refer: (body: ReferBody) => api.post<Dnode[]>("/dnode/refer", body),
  /** `key`, as for create: a clone sent again with it answers with the copy already made. */
  clone: (body: CloneBody, key?: string) =>
    api.post<Dnode>("/dnode/clone", body, key === undefined ? {} : { headers: { "idempotency-key": key } }),
  deleteBatch: (ids: number[]) => api.post<DeletedNodesResult>("/dnode/delete_batch", { ids }),
  /** The readable ones of these nodes, in the order asked (GET /dnode/by_ids takes up to 500). */
  byIds: (ids: number[]) => api.get<Dnode[]>("/dnode/by_ids", { ids: ids.join(",") }),
  /** A node's main subtree as ids, names and types (≤ 5000 nodes; a copy of rows never opened). */
  idTree: (id: number) => api.get<IdTree>(`/dnode/${id}/id_tree`),
  /** Brings back what one delete removed, to its old places (the 撤销 of a delete). */
  restoreDeleted: (batchId: string) => trashApi.restoreBatch(batchId),
};

export type OutlineApi = typeof outlineApi;

/** GET /api/dnode/{id}/id_tree. */
export interface IdTree {
  id: number;
  name: string;
  type: string;
  children: IdTree[];
  truncated?: boolean;
}

/** The ids of one group in a page of relations, in display order (the server's row order is not promised). */
export function idsOfGroup(relations: Relation[], parentId: number, group: string): number[] {
  return relations
    .filter((r) => r.xnode === parentId && r.relation_name === group)
    .sort((a, b) => a.yorder - b.yorder || a.id - b.id)
    .map((r) => r.ynode);
}
