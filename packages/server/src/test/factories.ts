import { call } from "./client";
import type { TestServer } from "./harness";

// biome-ignore lint/suspicious/noExplicitAny: test factories hand back response JSON for assertions
type Json = any;

/** Creates a node through the API and returns `{dnode, relation}`; fails the test on any error. */
export async function createNode(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
): Promise<Json> {
  const res = await call(server, "POST", "/api/dnode/create/", { token, body });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A tree by nesting: `{name, children}`; returns the ids by name. */
export interface TreeSpec {
  name: string;
  type?: string;
  children?: readonly TreeSpec[];
}

/** Every name in a tree spec as a union of literals, so `ids.someName` is a number only for real names. */
type TreeNames<S> = S extends { name: infer N extends string }
  ? N | (S extends { children: readonly (infer C)[] } ? TreeNames<C> : never)
  : never;

/** Builds a tree under `locationId` (or the user's root) and maps each name to its node id. */
export async function makeTree<const S extends TreeSpec>(
  server: TestServer,
  token: string,
  spec: S,
  locationId?: number,
): Promise<Record<TreeNames<S>, number>> {
  const ids: Record<string, number> = {};
  const build = async (node: TreeSpec, location?: number) => {
    const { dnode } = await createNode(server, token, {
      name: node.name,
      type: node.type ?? "NOTE",
      location_id: location,
    });
    ids[node.name] = dnode.id;
    for (const child of node.children ?? []) await build(child, dnode.id);
  };
  await build(spec, locationId);
  return ids as Record<TreeNames<S>, number>;
}

/** The names of a node's children under a relation, in display order, read through the API. */
export async function childNames(
  server: TestServer,
  token: string,
  id: number,
  relation = "CHILD_NODE",
): Promise<string[]> {
  const res = await call(
    server,
    "GET",
    `/api/dnode/${id}/relations_with_data/?page_size=200&relation_names=${relation}`,
    {
      token,
    },
  );
  const names = new Map<number, string>(res.body.related_nodes.map((n: Json) => [n.id, n.name]));
  return res.body.relations.map((r: Json) => names.get(r.ynode));
}
