import { PENDING_UPDATE_TYPES, type PendingUpdate, type PendingUpdateType } from "@zhishu/shared";

const isPendingUpdate = (entry: unknown): entry is PendingUpdate =>
  typeof entry === "object" &&
  entry !== null &&
  PENDING_UPDATE_TYPES.includes((entry as { type?: PendingUpdateType }).type as PendingUpdateType);

/** The node's pending updates; anything malformed in `to_updates` is skipped. */
export function pendingUpdatesOf(content: Record<string, unknown>): PendingUpdate[] {
  const list = content.to_updates;
  return Array.isArray(list) ? list.filter(isPendingUpdate) : [];
}

/** Only updates of the node itself carry content worth previewing (workspace-spec 2). */
export function showsPreview(type: PendingUpdateType): boolean {
  return type === "update" || type === "update_children_and_self";
}

/** The plain text of an update's rich `content.text`, cut to `max` characters with an ellipsis. */
export function previewText(content: Record<string, unknown> | undefined, max = 100): string {
  const html = typeof content?.text === "string" ? content.text : "";
  // DOMParser builds an inert document: nothing in it runs or loads.
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  const plain = text.replace(/\s+/g, " ").trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}
