import type { Dnode } from "../../entities/dnode/types";
import { draftDialogueOf } from "../dialogues";
import type { ViewType } from "./view-status";

/**
 * Which view types a node page offers and which it shows (workspace-spec 2 "View types"). 大纲, 内容 and
 * 已选 are offered everywhere; 草稿 (DRAFTDNODE) on the page of one's own draft only — a draft is its
 * writer's alone, and what the view shows is the editor that sends it.
 */

/** The dialogue whose draft editor the page's 草稿 view shows, or null when the view is not offered. */
export function draftViewDialogue(
  node: Pick<Dnode, "type" | "content" | "creator_id">,
  me: number | undefined,
) {
  if (me === undefined || node.creator_id !== me) return null;
  return draftDialogueOf(node);
}

/**
 * The view shown. One's own draft opens on 草稿 unless the view was chosen (`chosen`: picked on this
 * page, so 大纲 — stored as the default, i.e. nothing — holds until the page is left). A stored 草稿
 * on a page that no longer offers it (the draft was sent) shows the tree.
 */
export function pageViewType(stored: ViewType | undefined, draftOffered: boolean, chosen: boolean): ViewType {
  if (!draftOffered) return stored === undefined || stored === "DRAFTDNODE" ? "TREEDNODE" : stored;
  return stored ?? (chosen ? "TREEDNODE" : "DRAFTDNODE");
}
