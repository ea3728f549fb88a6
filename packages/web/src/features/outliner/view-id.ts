/**
 * View ids name one displayed node in a tree (workspace-spec 3 "Tree view state per displayed node"):
 * `parent:relation/id` for a row, and a root form containing `$$` for the node a page shows. The same
 * node shown under two parents has two view ids, so each place keeps its own expansion.
 */

/** Thrown for a view id that is neither a row path nor a root form (workspace-spec 5). */
export class ViewIdError extends Error {
  constructor(viewId: string, reason: string) {
    super(`无效的视图 ID「${viewId}」：${reason}`);
    this.name = "ViewIdError";
  }
}

export type ParsedViewId =
  | { kind: "row"; parentId: number; relation: string; id: number }
  | { kind: "root"; id: number; relation: string | null };

/** The view id of a row: the node `id` shown under `parentId` by `relation`. */
export function rowViewId(parentId: number, relation: string, id: number): string {
  return `${parentId}:${relation}/${id}`;
}

/** The view id of the node a page shows; with a relation for `/data/{id}/{relationName}`. */
export function rootViewId(id: number, relation?: string | null): string {
  return relation ? `$$:${relation}/${id}` : `$$/${id}`;
}

const ROW_HEAD = /^(-?\d+):([A-Za-z0-9_]+)$/;
const ID = /^-?\d+$/;

/** Reads a view id back; throws ViewIdError without a slash, or for a root form without `$$`. */
export function parseViewId(viewId: string): ParsedViewId {
  const slash = viewId.lastIndexOf("/");
  if (slash < 0) throw new ViewIdError(viewId, "缺少“/”");
  const head = viewId.slice(0, slash);
  const tail = viewId.slice(slash + 1);
  if (!ID.test(tail)) throw new ViewIdError(viewId, "节点编号无效");
  const id = Number(tail);
  const row = ROW_HEAD.exec(head);
  if (row) return { kind: "row", parentId: Number(row[1]), relation: row[2], id };
  if (!head.includes("$$")) throw new ViewIdError(viewId, "根视图 ID 必须包含“$$”");
  const relation = head.startsWith("$$:") ? head.slice(3) : null;
  return { kind: "root", id, relation: relation || null };
}
