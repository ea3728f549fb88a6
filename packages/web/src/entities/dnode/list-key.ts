/** The cache key of one node's children under one relation. */
export function listKey(parentId: number, relation: string): string {
  return `${parentId}:${relation}`;
}

/** A list key back into its parent id and relation. */
export function splitListKey(key: string): [number, string] {
  const at = key.indexOf(":");
  return [Number(key.slice(0, at)), key.slice(at + 1)];
}
