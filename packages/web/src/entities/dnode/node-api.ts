import type {
  ActionResultJson,
  BriefDnode,
  BriefRangeQuery,
  CreateDnodeInput,
  CreateRelationInput,
  RemoveRelationInput,
  SearchQuery,
  UpdateContentFieldInput,
} from "@zhishu/shared";
import { api } from "../../api/client";
import type { MoveBody, ReferBody } from "./api";
import type { Dnode, Relation, RelationsWithData } from "./types";

/**
 * The node calls of screens other than the outliner (home, search, links, content, processes, xingwei,
 * dialogues, people), so every `/dnode` call of the web lives in this entity. The outliner's own calls are
 * `outlineApi` (api.ts), which its tests replace as a whole; these sit apart so that stays small.
 */

/** What POST /dnode/call_action/{id}/{action} answers, its nodes as the web holds them. */
export type ActionAnswer = Pick<ActionResultJson, "success" | "message" | "task_id" | "deleted_dnode_ids"> & {
  dnodes: Dnode[];
};

/** A move of one list's nodes within home-like lists (USER_ROOT …): the sides are the y side. */
export type ListMoveBody = Omit<MoveBody, "way"> & { way: "move" };

export const nodeApi = {
  node: (id: number) => api.get<Dnode>(`/dnode/${id}`),
  /** The readable ones of these nodes (≤ 500), asked as a JSON list (the outliner's own call joins them). */
  byIds: (ids: number[]) => api.get<Dnode[]>("/dnode/by_ids", { ids: JSON.stringify(ids) }),

  /** One page of one group of a node, with its own page size (home cards, 快速笔记, child processes). */
  groupPage: (id: number, groups: string[], pageSize: number, page?: number) =>
    api.get<RelationsWithData>(`/dnode/${id}/relations_with_data/`, {
      relation_names: groups.join(","),
      page_size: pageSize,
      relation_pages: page === undefined ? undefined : JSON.stringify({ [groups[0] ?? ""]: page }),
    }),

  /**
   * The first `size` rows of one list, asked exactly as the outliner asks for a list's first page (the
   * same URL, so the client merges the two when they meet in flight).
   */
  listPrefix: (parentId: number, relation: string, size: number) =>
    api.get<RelationsWithData>(`/dnode/${parentId}/relations_with_data/`, {
      page_size: size,
      relation_pages: JSON.stringify({ [relation]: 1 }),
      relation_names: relation,
    }),

  /** Without a location the node goes under the caller's root; without a relation, USER_ROOT there, else CHILD_NODE. */
  create: (body: CreateDnodeInput) => api.post<{ dnode: Dnode; relation: Relation }>("/dnode/create/", body),
  move: (body: ListMoveBody) => api.post<{ success: boolean }>("/dnode/move", body),
  /** A refer without a location puts the nodes last. */
  refer: (body: Omit<ReferBody, "location"> & Partial<Pick<ReferBody, "location">>) =>
    api.post<Dnode[]>("/dnode/refer", body),
  removeRelation: (id: number, body: RemoveRelationInput) => api.post(`/dnode/${id}/remove-relation/`, body),
  createRelation: (body: CreateRelationInput) => api.post("/dnode_relation/create/", body),

  search: (query: Pick<SearchQuery, "search"> & Partial<Omit<SearchQuery, "search">>) =>
    api.get<Dnode[]>("/dnode/search/", query),
  /** The class node a `#label` names (404 when there is none). */
  classNode: (label: string) => api.get<Dnode>(`/dnode/classnode/${encodeURIComponent(label)}`),

  updateField: (id: number, body: UpdateContentFieldInput) =>
    api.post<Dnode>(`/dnode/${id}/update_content_field`, body),
  /** Runs a registered action; `T` adds the action's own fields (a list in `result` …). */
  callAction: <T = ActionAnswer>(id: number, action: string, params: Record<string, unknown> = {}) =>
    api.post<T>(`/dnode/call_action/${id}/${action}`, params),

  /** What the caller made in a range, light rows, newest first (/xingwei). */
  myNodesBetween: (query: Pick<BriefRangeQuery, "start_date" | "end_date" | "limit">) =>
    api.get<BriefDnode[]>("/dnode/my_dnodes_by_date_range/brief", query),
};
