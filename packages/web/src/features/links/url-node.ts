import { firstWebLink } from "./text-runs";

// A bare address such as `example.com/docs`, which a URL node may hold without its scheme.
const BARE_ADDRESS = /^[\w-]+(\.[\w-]+)+(:\d+)?([/?#]\S*)?$/;

/**
 * The page a URL node points at (issue 12 point 10): the first http(s) link of its name, a bare address
 * as its name, or a link in its content (`url`, `text`); null for other nodes or when there is none.
 */
export function urlOfNode(node: {
  type: string;
  name: string;
  content?: Record<string, unknown>;
}): string | null {
  if (node.type !== "URL") return null;
  const inName = firstWebLink(node.name);
  if (inName) return inName;
  const name = node.name.trim();
  if (BARE_ADDRESS.test(name)) return `https://${name}`;
  for (const key of ["url", "text"]) {
    const value = node.content?.[key];
    const link = typeof value === "string" ? firstWebLink(value) : null;
    if (link) return link;
  }
  return null;
}
