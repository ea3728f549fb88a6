import {
  type CloneInput,
  type CreateDnodeInput,
  DEFAULT_RELATION_PAGE_SIZE,
  type DeletedNodesResult,
  type IdTree as IdTreeJson,
  type IdTreeNode,
  type MoveInput,
  type MoveResult,
  type ReferInput,
  type UpdateDnodeInput,
} from "@zhishu/shared";
import { api } from "../../api/client";
import { trashApi } from "../../api/trash";
import type { BatchRelationsWithData, Dnode, Relation, RelationsWithData } from "./types";

/** The node API calls the outliner makes (docs/API.md), typed. */

/*
 * The request bodies are the shared request schemas' inputs (what a client sends, before the server's
 * defaults), narrowed to what the web always sends, so a field renamed or retyped on the server breaks here.
 */

/** POST /dnode/create/: the web always places the new node. */
export type CreateBody = CreateDnodeInput & {
  type: string;
  name: string;
  location_id: number;
  relation_name: string;
};

/** POST /dnode/move: the outliner's two ways of moving (a refer goes through `refer`). */
export type MoveBody = MoveInput & {
  old_location_id: number;
  old_relationName: string;
  new_relationName: string;
  keep_old: false;
  way: "move" | "move_and_refer";
};

/** A drop position as the refer and clone calls take it (docs/API.md "API conventions"). */
export type ApiLocation = NonNullable<ReferInput["location"]>;

export type ReferBody = ReferInput & { relation_name: string; location: ApiLocation };

export type CloneBody = CloneInput & { relation_name: string; location: ApiLocation };

/** POST /dnode/{id}/update: name, type, content (keys merge) and finished_at (an ISO time, or null to clear). */
export type UpdateBody = UpdateDnodeInput;

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
  move: (body: MoveBody) => api.post<Pick<MoveResult, "success">>("/dnode/move", body),
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

/** GET /api/dnode/{id}/id_tree: the root is a node of the tree that may say it was cut short. */
export type IdTree = IdTreeNode & Partial<Pick<IdTreeJson, "truncated">>;

export { idsOfGroup } from "./group-order";
