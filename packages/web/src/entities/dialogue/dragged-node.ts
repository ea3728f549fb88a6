/** The outliner's row drag type (features/outliner/use-row-drop.ts sets it with `{id, …}` as JSON). */
const ROW_DRAG_TYPE = "application/x-zhishu-row";

/**
 * The node a drag carries, read from what every node drag in the app sets: the outliner row's JSON, or
 * plain text `/data/{id}` (rows) or `{id}` (home cards). Null when the drag carries no node (files, text).
 */
export function draggedNodeId(data: Pick<DataTransfer, "getData" | "types">): number | null {
  if (Array.from(data.types).includes(ROW_DRAG_TYPE)) {
    try {
      const id = Number(JSON.parse(data.getData(ROW_DRAG_TYPE))?.id);
      if (Number.isInteger(id) && id > 0) return id;
    } catch {
      // fall through to the plain text
    }
  }
  const text = data.getData("text/plain").trim();
  const match = /^(?:\/data\/)?(\d{1,10})$/.exec(text);
  return match ? Number(match[1]) : null;
}

/** True while a drag may carry a node (its data is readable only on drop). */
export function mayCarryNode(types: readonly string[]): boolean {
  return types.includes(ROW_DRAG_TYPE) || (types.includes("text/plain") && !types.includes("Files"));
}
