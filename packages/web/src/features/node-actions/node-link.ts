/** The address of a node's page, as a person would paste it to someone. */
export const nodeLink = (id: number, origin = window.location.origin) => `${origin}/data/${id}`;

/** Copies a node's address; rejects when the browser refuses (no clipboard, not allowed). */
export async function copyNodeLink(id: number): Promise<void> {
  if (!navigator.clipboard) throw new Error("clipboard unavailable");
  await navigator.clipboard.writeText(nodeLink(id));
}
