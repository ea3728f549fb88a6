/**
 * `@{id or keyword}` references inside a node's name or text (workspace-spec 5): `@{42}` points at node
 * 42, `@{勾股定理}` at the node a search for the keyword finds. Pure, so the server (search, export) and
 * the web app read them alike.
 */

export type NameSegment =
  | { kind: "text"; text: string }
  | { kind: "ref"; raw: string; id: number; keyword?: undefined }
  | { kind: "ref"; raw: string; keyword: string; id?: undefined };

// Braces never nest and a reference never spans lines; an empty or blank `@{}` stays plain text.
const REFERENCE = /@\{([^{}\n]*[^{}\s][^{}\n]*)\}/g;

/** Splits text into plain runs and references, in order; text without references is one plain run. */
export function parseReferences(text: string): NameSegment[] {
  const segments: NameSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const at = match.index ?? 0;
    if (at > last) segments.push({ kind: "text", text: text.slice(last, at) });
    const inner = (match[1] ?? "").trim();
    segments.push(
      /^\d{1,10}$/.test(inner)
        ? { kind: "ref", raw: match[0], id: Number(inner) }
        : { kind: "ref", raw: match[0], keyword: inner },
    );
    last = at + match[0].length;
  }
  if (last < text.length || segments.length === 0) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}

/** True when the text holds at least one reference. */
export function hasReferences(text: string): boolean {
  return parseReferences(text).some((s) => s.kind === "ref");
}
