import { expect } from "vitest";
import { call, type makeUser } from "./client";
import { makeTree } from "./factories";
import type { TestServer } from "./harness";

type User = Awaited<ReturnType<typeof makeUser>>;

/**
 * Calls and reads for POST /api/dnode/move on the x side (routes/moves-x-side*.test.ts): a node dropped
 * into a target's x__NAME group becomes the x (owner) side of a NAME link to the target.
 */
export function xSideHelpers(server: TestServer, owner: User) {
  const move = (body: Record<string, unknown>, token = owner.access) =>
    call(server, "POST", "/api/dnode/move", { token, body });
  const get = (id: number, token = owner.access) => call(server, "GET", `/api/dnode/${id}`, { token });

  /** A node's x__NAME page: the relations that hold it as their y side, and those owner nodes. */
  async function ownersPage(id: number, relation = "CHILD_NODE", token = owner.access) {
    const res = await call(
      server,
      "GET",
      `/api/dnode/${id}/relations_with_data/?page_size=200&relation_names=x__${relation}`,
      { token },
    );
    expect(res.status).toBe(200);
    return res;
  }

  /** The names in a node's x__NAME group (the nodes that hold it as their y side), as a page lists them. */
  async function ownerNames(id: number, relation = "CHILD_NODE", token = owner.access): Promise<string[]> {
    const res = await ownersPage(id, relation, token);
    const names = new Map<number, string>(
      res.body.related_nodes.map((n: { id: number; name: string }) => [n.id, n.name]),
    );
    return res.body.relations.map((r: { xnode: number }) => names.get(r.xnode));
  }

  /**
   * A target T (main child of P) that A and B also hold (refers), so T's x__CHILD_NODE list is P, A, B;
   * plus free nodes N, M and a second target T2 (main child of Q).
   */
  async function fixture<const Name extends string>(name: Name) {
    const t = await makeTree(server, owner.access, {
      name,
      children: [
        { name: "P", children: [{ name: "T" }] },
        { name: "Q", children: [{ name: "T2" }] },
        { name: "A" },
        { name: "B" },
        { name: "N" },
        { name: "M" },
      ],
    });
    for (const holder of [t.A, t.B]) {
      const res = await move({ moved_nodes_ids: [t.T], target_node_id: holder, way: "refer" });
      expect(res.status).toBe(200);
    }
    expect(await ownerNames(t.T)).toEqual(["P", "A", "B"]);
    return t;
  }

  return {
    move,
    get,
    ownersPage,
    ownerNames,
    fixture,
    /** The xorder values of a node's x__CHILD_NODE group, in the order the page lists it. */
    ownerOrders: async (id: number): Promise<number[]> =>
      (await ownersPage(id)).body.relations.map((r: { xorder: number }) => r.xorder),
    /** The head of one relation group in the node JSON (ids in display order). */
    head: async (id: number, group: string) => (await get(id)).body.relations[group]?.head ?? [],
  };
}
