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
  children?: TreeSpec[];
}

/** Builds a tree under `locationId` (or the user's root) and maps each name to its node id. */
export async function makeTree(
  server: TestServer,
  token: string,
  spec: TreeSpec,
  locationId?: number,
  ids: Record<string, number> = {},
): Promise<Record<string, number>> {
  const { dnode } = await createNode(server, token, {
    name: spec.name,
    type: spec.type ?? "NOTE",
    location_id: locationId,
  });
  ids[spec.name] = dnode.id;
  for (const child of spec.children ?? []) await makeTree(server, token, child, dnode.id, ids);
  return ids;
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
