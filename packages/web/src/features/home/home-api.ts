import { ApiError } from "../../api/client";
import { nodeApi } from "../../entities/dnode/node-api";
import type { Dnode } from "../../entities/dnode/types";

/** How many home cards one request brings; a home past this loads the rest with "load more". */
export const HOME_PAGE_SIZE = 200;

/** The user's home cards: the root's USER_ROOT children in order, a page at a time. */
export async function loadHomeCards(rootId: number, page = 1): Promise<{ cards: Dnode[]; total: number }> {
  const data = await nodeApi.groupPage(rootId, ["USER_ROOT"], HOME_PAGE_SIZE, page);
  const byId = new Map(data.related_nodes.map((node) => [node.id, node]));
  const cards = data.relations
    .filter((r) => r.relation_name === "USER_ROOT" && r.xnode === rootId)
    .map((r) => byId.get(r.ynode))
    .filter((node) => node !== undefined);
  return { cards, total: data.pagination_info.USER_ROOT?.total ?? cards.length };
}

/** Plants a tree at home (people-spec 2): a DIR or CONCEPT with a name and text under the user root. */
export function plantTree(rootId: number, input: { type: "DIR" | "CONCEPT"; name: string; text?: string }) {
  return nodeApi.create({
    type: input.type,
    name: input.name,
    content: input.text ? { text: input.text } : {},
    location_id: rootId,
    relation_name: "USER_ROOT",
  });
}

/** Moves a card before another (or last): the move of people-spec 7 with relation kind USER_ROOT, sides y. */
export function moveCard(rootId: number, nodeId: number, beforeId: number | null) {
  return nodeApi.move({
    moved_nodes_ids: [nodeId],
    target_node_id: rootId,
    old_location_id: rootId,
    old_relationName: "USER_ROOT",
    new_relationName: "USER_ROOT",
    old_side: "y",
    new_side: "y",
    before_node_id: beforeId,
    keep_old: false,
    way: "move",
  });
}

/** Takes a card off home: the USER_ROOT link only; a tree planted at home stays under the user root. */
export function removeCard(rootId: number, nodeId: number) {
  return nodeApi.removeRelation(rootId, { relation_name: "USER_ROOT", y_node_id: nodeId });
}

export type AddOutcome = "added" | "alreadyThere";

/** Adds a node to home as a reference; a node already at home is left alone. */
export async function addToHome(rootId: number, nodeId: number): Promise<AddOutcome> {
  try {
    await nodeApi.refer({
      refered_nodes_ids: [nodeId],
      target_node_id: rootId,
      relation_name: "USER_ROOT",
    });
    return "added";
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return "alreadyThere";
    throw error;
  }
}

export type FavourOutcome = "favoured" | "alreadyFavoured";

/** Favours a node: a FAVOR link from the user's root (workspace-spec 4); twice is refused by the server. */
export async function favourNode(rootId: number, nodeId: number): Promise<FavourOutcome> {
  try {
    await nodeApi.createRelation({ x_node_id: rootId, y_node_id: nodeId, y_name: "FAVOR" });
    return "favoured";
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return "alreadyFavoured";
    throw error;
  }
}
