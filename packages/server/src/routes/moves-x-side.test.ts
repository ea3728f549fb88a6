import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { childNames, createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";
import { xSideHelpers } from "../test/x-side";

/**
 * POST /api/dnode/move on the x side (workspace-spec 3, 7): a node dropped into a target's x__NAME
 * group becomes the x (owner) side of a NAME link to the target, placed among the target's owners.
 */

const { server, owner } = useTestServer({ users: ["owner"] });
const { move, get, ownerOrders, ownerNames, head, fixture } = xSideHelpers(server, owner);

describe("POST /api/dnode/move, new_side x", () => {
  it("refer without before_node_id: the node becomes an owner of the target, last in its x-side list", async () => {
    const t = await fixture("xr1");
    const res = await move({ moved_nodes_ids: [t.N], target_node_id: t.T, new_side: "x", way: "refer" });
    expect(res.status).toBe(200);
    expect(res.body.relations[0]).toMatchObject({ xnode: t.N, ynode: t.T, relation_name: "CHILD_NODE" });
    expect(await ownerNames(t.T)).toEqual(["P", "A", "B", "N"]);
    expect(await head(t.T, "x__CHILD_NODE")).toEqual([t.P, t.A, t.B, t.N]);
    expect(await childNames(server, owner.access, t.N)).toEqual(["T"]);
    // A link on the x side is never a main place: nothing is re-parented.
    expect((await get(t.T)).body).toMatchObject({ parent_id: t.P, main_relation: "CHILD_NODE" });
    expect((await get(t.N)).body.parent_id).toBe(t.xr1);
  });

  it("refer with before_node_id, under another relation name (keep_old means refer)", async () => {
    const t = await fixture("xr2");
    const res = await move({
      moved_nodes_ids: [t.N, t.M],
      target_node_id: t.T,
      new_side: "x",
      before_node_id: t.A,
      keep_old: true,
    });
    expect(res.status).toBe(200);
    expect(await ownerNames(t.T)).toEqual(["P", "N", "M", "A", "B"]);
    await move({
      moved_nodes_ids: [t.N],
      target_node_id: t.T,
      new_side: "x",
      new_relationName: "REFERENCE",
      way: "refer",
    });
    expect(await ownerNames(t.T, "REFERENCE")).toEqual(["N"]);
    expect(await head(t.N, "REFERENCE")).toEqual([t.T]);
  });

  it("move from one x-side list to another, before a given owner and at the end", async () => {
    const t = await fixture("xm");
    // A holds T and T2 becomes held by Q (main) and B: drop A into T2's owners, before B.
    await move({ moved_nodes_ids: [t.T2], target_node_id: t.B, way: "refer" });
    expect(await ownerNames(t.T2)).toEqual(["Q", "B"]);
    const res = await move({
      moved_nodes_ids: [t.A],
      target_node_id: t.T2,
      old_location_id: t.T,
      old_relationName: "CHILD_NODE",
      old_side: "x",
      new_side: "x",
      before_node_id: t.B,
      way: "move",
    });
    expect(res.status).toBe(200);
    expect(res.body.relations[0]).toMatchObject({ xnode: t.A, ynode: t.T2, relation_name: "CHILD_NODE" });
    expect(await ownerNames(t.T)).toEqual(["P", "B"]);
    expect(await ownerNames(t.T2)).toEqual(["Q", "A", "B"]);
    expect(await childNames(server, owner.access, t.A)).toEqual(["T2"]);
    // Without before_node_id it goes last; without `way`, keep_old false means move.
    await move({
      moved_nodes_ids: [t.A],
      target_node_id: t.T,
      old_location_id: t.T2,
      old_side: "x",
      new_side: "x",
    });
    expect(await ownerNames(t.T)).toEqual(["P", "B", "A"]);
    expect(await ownerNames(t.T2)).toEqual(["Q", "B"]);
  });

  it("move_and_refer on the x side keeps the old link and adds the new one", async () => {
    const t = await fixture("xmr");
    const res = await move({
      moved_nodes_ids: [t.A],
      target_node_id: t.T2,
      old_location_id: t.T,
      old_side: "x",
      new_side: "x",
      way: "move_and_refer",
    });
    expect(res.status).toBe(200);
    expect(await ownerNames(t.T)).toEqual(["P", "A", "B"]);
    expect(await ownerNames(t.T2)).toEqual(["Q", "A"]);
    expect(await childNames(server, owner.access, t.A)).toEqual(["T", "T2"]);
    expect(await head(t.T2, "x__CHILD_NODE")).toEqual([t.Q, t.A]);
  });

  it("reorders within one x-side list without moving the link in the owner's own children", async () => {
    const t = await fixture("xo");
    // A holds T2 first, then T: reordering T's owners must leave A's children as they are.
    await makeTree(server, owner.access, { name: "a-kids" }, t.A);
    await move({ moved_nodes_ids: [t.T2], target_node_id: t.A, way: "refer", before_node_id: t.T });
    expect(await childNames(server, owner.access, t.A)).toEqual(["T2", "T", "a-kids"]);
    const before = (await get(t.T)).body.relations.x__CHILD_NODE.dict[t.B];
    const res = await move({
      moved_nodes_ids: [t.B],
      target_node_id: t.T,
      old_location_id: t.T,
      old_side: "x",
      new_side: "x",
      before_node_id: t.P,
    });
    expect(res.status).toBe(200);
    expect(res.body.relations[0].id).toBe(before);
    expect(await ownerNames(t.T)).toEqual(["B", "P", "A"]);
    expect(await childNames(server, owner.access, t.A)).toEqual(["T2", "T", "a-kids"]);
  });

  it("moves from an x-side list to a y-side list and back", async () => {
    const t = await fixture("xy");
    const d = await makeTree(server, owner.access, { name: "D", children: [{ name: "d1" }] }, t.xy);
    // A leaves T's owners and becomes a child of D, before d1.
    const toY = await move({
      moved_nodes_ids: [t.A],
      target_node_id: d.D,
      old_location_id: t.T,
      old_side: "x",
      new_side: "y",
      before_node_id: d.d1,
    });
    expect(toY.status).toBe(200);
    expect(toY.body.relations[0]).toMatchObject({ xnode: d.D, ynode: t.A });
    expect(await childNames(server, owner.access, d.D)).toEqual(["A", "d1"]);
    expect(await ownerNames(t.T)).toEqual(["P", "B"]);
    expect((await get(t.A)).body.parent_id).toBe(t.xy);
    // And back: from D's children to T's owners, before B.
    const toX = await move({
      moved_nodes_ids: [t.A],
      target_node_id: t.T,
      old_location_id: d.D,
      old_side: "y",
      new_side: "x",
      before_node_id: t.B,
    });
    expect(toX.status).toBe(200);
    expect(await ownerNames(t.T)).toEqual(["P", "A", "B"]);
    expect(await childNames(server, owner.access, d.D)).toEqual(["d1"]);
    expect((await get(t.A)).body.parent_id).toBe(t.xy);
  });

  it("a node's main place cannot move to the x side; move_and_refer keeps it and adds the link", async () => {
    const t = await fixture("xmain");
    const moved = await move({ moved_nodes_ids: [t.N], target_node_id: t.T, new_side: "x" });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      code: "MAIN_PLACE_NOT_ON_X_SIDE",
      error: MESSAGES.mainPlaceNotOnXSide,
    });
    expect(await childNames(server, owner.access, t.xmain)).toContain("N");
    expect(await ownerNames(t.T)).toEqual(["P", "A", "B"]);
    const kept = await move({
      moved_nodes_ids: [t.N],
      target_node_id: t.T,
      new_side: "x",
      way: "move_and_refer",
    });
    expect(kept.status).toBe(200);
    expect((await get(t.N)).body.parent_id).toBe(t.xmain);
    expect(await ownerNames(t.T)).toEqual(["P", "A", "B", "N"]);
  });

  it("refuses to take away a link that is the old location's own main place", async () => {
    const t = await fixture("xother");
    // P is T's parent: P's link in T's owners is T's main place.
    const res = await move({
      moved_nodes_ids: [t.P],
      target_node_id: t.T2,
      old_location_id: t.T,
      old_side: "x",
      new_side: "x",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("LINK_IS_MAIN_PLACE");
    expect((await get(t.T)).body.parent_id).toBe(t.P);
    expect(await ownerNames(t.T)).toEqual(["P", "A", "B"]);
    expect(await ownerNames(t.T2)).toEqual(["Q"]);
  });

  it("keeps order through many inserts at one spot (the gap wears out and is renewed)", async () => {
    const t = await fixture("xdense");
    const names: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { dnode } = await createNode(server, owner.access, { name: `n${i}`, location_id: t.xdense });
      names.push(dnode.name);
      const res = await move({
        moved_nodes_ids: [dnode.id],
        target_node_id: t.T,
        new_side: "x",
        before_node_id: t.B,
        way: "refer",
      });
      expect(res.status).toBe(200);
    }
    expect(await ownerNames(t.T)).toEqual(["P", "A", ...names, "B"]);
    const orders = await ownerOrders(t.T);
    expect(new Set(orders).size).toBe(33);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    expect((await get(t.T)).body.relations.x__CHILD_NODE.size).toBe(33);
  });

  it("gives 20 parallel x-side refers before one owner 20 distinct, ordered places", async () => {
    const t = await fixture("xrace");
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push((await createNode(server, owner.access, { name: `r${i}`, location_id: t.xrace })).dnode.id);
    }
    const results = await Promise.all(
      ids.map((id) =>
        move({
          moved_nodes_ids: [id],
          target_node_id: t.T,
          new_side: "x",
          before_node_id: t.B,
          way: "refer",
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    const orders = await ownerOrders(t.T);
    expect(new Set(orders).size).toBe(23);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    const names = await ownerNames(t.T);
    expect(names.slice(0, 2)).toEqual(["P", "A"]);
    expect(names[22]).toBe("B");
    expect(new Set(names.slice(2, 22))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => `r${i}`)));
  });
});
