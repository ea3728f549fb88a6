import type { MoveWay } from "@zhishu/shared";

/**
 * Pure rules of a row drop (workspace-spec 4 "Drag"): which ways a drop may take, which one the
 * modifier keys ask for, and what the drop does when they do not settle it.
 */

export type { MoveWay };

/** Where a dragged row lands: before the target row, or as the target's last child. */
export type DropPosition = "before" | "insideLast";

/** The order ways are offered in the way-picker. */
export const WAY_ORDER: readonly MoveWay[] = ["refer", "move", "clone", "move_and_refer"];

export interface DropModifiers {
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The way the keys ask for: none → refer, Ctrl/⌘ → move, Alt → clone, Ctrl/⌘+Alt → move_and_refer. */
export function wayFromModifiers(keys: DropModifiers): MoveWay {
  const mod = keys.ctrlKey || keys.metaKey;
  if (mod && keys.altKey) return "move_and_refer";
  if (mod) return "move";
  if (keys.altKey) return "clone";
  return "refer";
}

/** Read/write as the server sent them; a missing right means the server did not say (allowed). */
export interface Rights {
  read?: boolean;
  write?: boolean;
}

export interface WayInput {
  sourceId: number;
  sourceRights: Rights | undefined;
  /** Where the dragged row stands now (null for a row with no parent in view). */
  oldParentId: number | null;
  oldParentRights: Rights | undefined;
  targetParentId: number;
  targetParentRights: Rights | undefined;
  /** The target parent and its known ancestors (main parents and the rows above it on screen). */
  targetAncestry: ReadonlySet<number>;
  /** The target parent's loaded list already holds the node (a second link would be refused, 409). */
  alreadyThere: boolean;
  sameList: boolean;
  /** Dropped on its own row: nothing to do. */
  ontoItself: boolean;
}

const can = (rights: Rights | undefined, what: "read" | "write") => rights?.[what] !== false;

/**
 * The ways this drop may take, in WAY_ORDER. Every way needs write on the target parent; refer and clone
 * read on the node; move and move_and_refer write on the node and its old parent. No way leads into the
 * node itself, and no link (move, move_and_refer, refer: the server refuses loops) into its own subtree.
 */
export function acceptableWays(input: WayInput): MoveWay[] {
  if (input.ontoItself || input.targetParentId === input.sourceId) return [];
  if (!can(input.targetParentRights, "write")) return [];
  const intoOwnSubtree = input.targetAncestry.has(input.sourceId);
  const ways: MoveWay[] = [];
  if (can(input.sourceRights, "read") && !intoOwnSubtree && !input.alreadyThere) ways.push("refer");
  const canMove =
    !intoOwnSubtree &&
    input.oldParentId !== null &&
    can(input.sourceRights, "write") &&
    can(input.oldParentRights, "write");
  if (canMove) ways.push("move");
  if (can(input.sourceRights, "read")) ways.push("clone");
  // Moving the main place within the same list and leaving a link there is only a reorder.
  if (canMove && !input.sameList && !input.alreadyThere) ways.push("move_and_refer");
  return ways;
}

export type WayChoice =
  | { kind: "refused" }
  | { kind: "way"; way: MoveWay }
  | { kind: "pick"; ways: MoveWay[] };

/**
 * What a drop does: the way the keys ask for (no key asks for refer) when it is acceptable. Without keys,
 * the only acceptable way, or the person picks among several (workspace-spec 4: "one way: move effect;
 * several: the user chooses"). Keys that asked for a way that does not fit always lead to the picker,
 * even for one way: a Ctrl-drag must never quietly turn into a copy.
 */
export function chooseWay(ways: readonly MoveWay[], keys: DropModifiers, sameList = false): WayChoice {
  if (ways.length === 0) return { kind: "refused" };
  // Among its own siblings a plain drag reorders (issue 19 item 6): refer is impossible there and a copy
  // is rarely wanted (Alt still clones).
  const plain = !(keys.ctrlKey || keys.metaKey || keys.altKey);
  if (sameList && plain && ways.includes("move")) return { kind: "way", way: "move" };
  const asked = wayFromModifiers(keys);
  if (ways.includes(asked)) return { kind: "way", way: asked };
  const keysHeld = keys.ctrlKey || keys.metaKey || keys.altKey;
  if (ways.length === 1 && !keysHeld) return { kind: "way", way: ways[0] };
  return { kind: "pick", ways: [...ways] };
}

/** The dragover feedback: refused, the one way's effect, or the asked way's effect while several fit. */
export function dropEffectFor(
  ways: readonly MoveWay[],
  keys: DropModifiers,
  sameList = false,
): DataTransfer["dropEffect"] {
  if (ways.length === 0) return "none";
  if (ways.length === 1) return "move";
  const choice = chooseWay(ways, keys, sameList);
  if (choice.kind !== "way") return "move";
  return choice.way === "refer" ? "link" : choice.way === "clone" ? "copy" : "move";
}
