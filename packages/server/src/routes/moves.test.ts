import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { childNames, createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

const get = (id: number, token = owner.access) => call(server, "GET", `/api/dnode/${id}`, { token });
const move = (body: Record<string, unknown>, token = owner.access) =>
  call(server, "POST", "/api/dnode/move", { token, body });

describe("POST /api/dnode/move", () => {
  it("moves a node (way move): it leaves the old parent and lands before the given sibling", async () => {
    const t = await makeTree(server, owner.access, {
      name: "m-root",
      children: [
        { name: "A", children: [{ name: "a1" }, { name: "a2" }] },
        { name: "B", children: [{ name: "b1" }] },
      ],
    });
    const res = await move({
      moved_nodes_ids: [t.a2],
      target_node_id: t.B,
      old_location_id: t.A,
      before_node_id: t.b1,
    });
    expect(res.status).toBe(200);
    expect(res.body.relations[0]).toMatchObject({ xnode: t.B, ynode: t.a2, relation_name: "CHILD_NODE" });
    expect(await childNames(server, owner.access, t.A)).toEqual(["a1"]);
    expect(await childNames(server, owner.access, t.B)).toEqual(["a2", "b1"]);
    expect((await get(t.a2)).body).toMatchObject({ parent_id: t.B, main_relation: "CHILD_NODE" });
  });

  it("reorders within one parent (Alt+Up)", async () => {
    const t = await makeTree(server, owner.access, {
      name: "order",
      children: [{ name: "x" }, { name: "y" }, { name: "z" }],
    });
    await move({
      moved_nodes_ids: [t.z],
      target_node_id: t.order,
      old_location_id: t.order,
      before_node_id: t.y,
    });
    expect(await childNames(server, owner.access, t.order)).toEqual(["x", "z", "y"]);
  });

  it("refers (keep_old): the node stays where it was and also shows under the target", async () => {
    const t = await makeTree(server, owner.access, {
      name: "r-root",
      children: [{ name: "src", children: [{ name: "n" }] }, { name: "dst" }],
    });
    const res = await move({ moved_nodes_ids: [t.n], target_node_id: t.dst, keep_old: true });
    expect(res.status).toBe(200);
    expect(await childNames(server, owner.access, t.src)).toEqual(["n"]);
    expect(await childNames(server, owner.access, t.dst)).toEqual(["n"]);
    expect((await get(t.n)).body.parent_id).toBe(t.src);
  });

  it("move_and_refer: the node's main place moves and a link stays at the old place", async () => {
    const t = await makeTree(server, owner.access, {
      name: "mr",
      children: [{ name: "old", children: [{ name: "k" }, { name: "l" }] }, { name: "new" }],
    });
    await move({ moved_nodes_ids: [t.k], target_node_id: t.new, way: "move_and_refer" });
    expect((await get(t.k)).body).toMatchObject({ parent_id: t.new });
    expect(await childNames(server, owner.access, t.old)).toEqual(["k", "l"]);
    expect(await childNames(server, owner.access, t.new)).toEqual(["k"]);
  });

  it("refuses a move into the node's own subtree and changes nothing", async () => {
    const t = await makeTree(server, owner.access, {
      name: "cyc",
      children: [{ name: "p", children: [{ name: "c", children: [{ name: "g" }] }] }],
    });
    for (const target of [t.p, t.c, t.g]) {
      const res = await move({ moved_nodes_ids: [t.p], target_node_id: target });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.moveIntoOwnSubtree);
    }
    expect((await get(t.p)).body.parent_id).toBe(t.cyc);
    expect(await childNames(server, owner.access, t.cyc)).toEqual(["p"]);
  });

  it("refuses USER_ROOT under an ordinary node and moving a user root", async () => {
    const t = await makeTree(server, owner.access, { name: "kinds", children: [{ name: "q" }] });
    expect(
      (await move({ moved_nodes_ids: [t.q], target_node_id: t.kinds, new_relationName: "USER_ROOT" })).status,
    ).toBe(400);
    const root = owner.user.content.user_root_node_id;
    expect((await move({ moved_nodes_ids: [root], target_node_id: t.q })).status).toBe(400);
  });

  it("moves a subtree to the user root: it becomes a tree of its own, anchors included", async () => {
    const t = await makeTree(server, owner.access, {
      name: "big",
      children: [{ name: "branch", children: [{ name: "leaf" }] }],
    });
    const root = owner.user.content.user_root_node_id;
    const res = await move({ moved_nodes_ids: [t.branch], target_node_id: root });
    expect(res.body.relations[0].relation_name).toBe("USER_ROOT");
    expect((await get(t.branch)).body.anchor_id).toBe(t.branch);
    expect((await get(t.leaf)).body.anchor_id).toBe(t.branch);
  });

  it("403s moving a stranger's node or into a stranger's tree; 400s bad input; 401 without login", async () => {
    const mine = await makeTree(server, owner.access, { name: "mine", children: [{ name: "m1" }] });
    const theirs = await makeTree(server, stranger.access, { name: "theirs", children: [{ name: "t1" }] });
    expect((await move({ moved_nodes_ids: [theirs.t1], target_node_id: mine.mine })).status).toBe(403);
    expect((await move({ moved_nodes_ids: [mine.m1], target_node_id: theirs.theirs })).status).toBe(403);
    expect((await move({ moved_nodes_ids: [], target_node_id: mine.mine })).status).toBe(400);
    expect(
      (await move({ moved_nodes_ids: [mine.m1], target_node_id: mine.mine, new_side: "sideways" })).body,
    ).toMatchObject({ code: "VALIDATION_ERROR", error: MESSAGES.moveSideInvalid });
    expect(
      (await call(server, "POST", "/api/dnode/move", { body: { moved_nodes_ids: [1], target_node_id: 2 } }))
        .status,
    ).toBe(401);
    expect(await childNames(server, stranger.access, theirs.theirs)).toEqual(["t1"]);
  });
});

describe("POST /api/dnode/refer", () => {
  it("links nodes under a target at the drop position and answers 201 with the nodes", async () => {
    const t = await makeTree(server, owner.access, {
      name: "ref",
      children: [{ name: "one" }, { name: "two" }, { name: "host", children: [{ name: "h1" }] }],
    });
    const res = await call(server, "POST", "/api/dnode/refer", {
      token: owner.access,
      body: {
        refered_nodes_ids: [t.one, t.two],
        target_node_id: t.host,
        location: { position: "before", before_node_id: t.h1 },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.map((n: { name: string }) => n.name)).toEqual(["one", "two"]);
    expect(await childNames(server, owner.access, t.host)).toEqual(["one", "two", "h1"]);
    const again = await call(server, "POST", "/api/dnode/refer", {
      token: owner.access,
      body: { refered_nodes_ids: [t.one], target_node_id: t.host },
    });
    expect(again.status).toBe(409);
  });

  it("403s referring a node the caller cannot read", async () => {
    const mine = await makeTree(server, owner.access, { name: "host2" });
    const theirs = await makeTree(server, stranger.access, { name: "hidden" });
    const res = await call(server, "POST", "/api/dnode/refer", {
      token: owner.access,
      body: { refered_nodes_ids: [theirs.hidden], target_node_id: mine.host2 },
    });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain("hidden");
  });
});

describe("POST /api/dnode/clone", () => {
  it("copies the whole subtree as new nodes that remember their source", async () => {
    const t = await makeTree(server, owner.access, {
      name: "orig",
      children: [{ name: "c1", children: [{ name: "g1" }, { name: "g2" }] }, { name: "c2" }],
    });
    const dst = await makeTree(server, owner.access, { name: "dest" });
    const res = await call(server, "POST", "/api/dnode/clone", {
      token: owner.access,
      body: { source_id: t.orig, target_parent_id: dst.dest },
    });
    expect(res.status).toBe(201);
    const copy = res.body;
    expect(copy).toMatchObject({ name: "orig", parent_id: dst.dest, src_id: t.orig, anchor_id: dst.dest });
    expect(copy.id).not.toBe(t.orig);
    expect(await childNames(server, owner.access, copy.id)).toEqual(["c1", "c2"]);
    const c1Copy = copy.relations.CHILD_NODE.head[0];
    expect(c1Copy).not.toBe(t.c1);
    expect(await childNames(server, owner.access, c1Copy)).toEqual(["g1", "g2"]);
    expect((await get(c1Copy)).body).toMatchObject({ parent_id: copy.id, src_id: t.c1 });
    // The original is untouched.
    expect(await childNames(server, owner.access, t.orig)).toEqual(["c1", "c2"]);
    expect(await childNames(server, owner.access, t.c1)).toEqual(["g1", "g2"]);
  });

  it("403s cloning another's node, 404s a missing one, 400s bad input", async () => {
    const theirs = await makeTree(server, stranger.access, { name: "nope" });
    const mine = await makeTree(server, owner.access, { name: "here" });
    const clone = (body: unknown) => call(server, "POST", "/api/dnode/clone", { token: owner.access, body });
    expect((await clone({ source_id: theirs.nope, target_parent_id: mine.here })).status).toBe(403);
    expect((await clone({ source_id: 2_000_000_000, target_parent_id: mine.here })).status).toBe(404);
    expect(
      (await clone({ source_id: mine.here, target_parent_id: mine.here, location: { position: "sideways" } }))
        .status,
    ).toBe(400);
  });
});

describe("change_parent and move_here", () => {
  it("change_parent moves the main place and answers node, old and new parent", async () => {
    const t = await makeTree(server, owner.access, {
      name: "cp",
      children: [{ name: "from", children: [{ name: "kid" }] }, { name: "to" }],
    });
    const res = await call(server, "POST", "/api/dnode_relation/change_parent/", {
      token: owner.access,
      body: { node_id: t.kid, new_parent_id: t.to },
    });
    expect(res.status).toBe(200);
    expect(res.body.node.parent_id).toBe(t.to);
    expect(res.body.old_parent.id).toBe(t.from);
    expect(res.body.new_parent.relations.CHILD_NODE.head).toEqual([t.kid]);
  });

  it("move_here puts the node last under the location with the given relation", async () => {
    const t = await makeTree(server, owner.access, {
      name: "mh",
      children: [{ name: "n1" }, { name: "loc", children: [{ name: "l1" }] }],
    });
    const res = await call(server, "POST", "/api/dnode/move_here", {
      token: owner.access,
      body: { node_id: t.n1, location_node_id: t.loc, relation_name: "NOTE" },
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ parent_id: t.loc, main_relation: "NOTE" });
    expect(await childNames(server, owner.access, t.loc, "NOTE")).toEqual(["n1"]);
  });
});

describe("POST /api/dnode/delete_batch", () => {
  it("deletes a node with its subtree and the REF nodes pointing into it", async () => {
    const t = await makeTree(server, owner.access, {
      name: "del",
      children: [{ name: "doomed", children: [{ name: "inner" }] }, { name: "keep" }],
    });
    const { dnode: ref } = await createNode(server, owner.access, {
      type: "REF",
      name: "指向 inner",
      location_id: t.keep,
      content: { ref_id: t.inner },
    });
    const res = await call(server, "POST", "/api/dnode/delete_batch", {
      token: owner.access,
      body: { ids: [t.doomed] },
    });
    expect(res.status).toBe(200);
    expect(new Set(res.body.deleted_dnode_ids)).toEqual(new Set([t.doomed, t.inner, ref.id]));
    for (const id of [t.doomed, t.inner, ref.id]) expect((await get(id)).status).toBe(404);
    expect(await childNames(server, owner.access, t.del)).toEqual(["keep"]);
  });

  it("refuses the user root, a stranger's node, and bad input, deleting nothing", async () => {
    const t = await makeTree(server, owner.access, { name: "safe" });
    const del = (body: unknown, token = owner.access) =>
      call(server, "POST", "/api/dnode/delete_batch", { token, body });
    expect((await del({ ids: [owner.user.content.user_root_node_id] })).body.error).toBe(
      MESSAGES.cannotDeleteUserRoot,
    );
    expect((await del({ ids: [t.safe] }, stranger.access)).status).toBe(403);
    expect((await del({ ids: [] })).status).toBe(400);
    expect((await del({ ids: "1" })).status).toBe(400);
    expect((await get(t.safe)).status).toBe(200);
  });
});

describe("GET /api/data/{id}/path", () => {
  it("lists the ancestors root first, without the node", async () => {
    const t = await makeTree(server, owner.access, {
      name: "p0",
      children: [{ name: "p1", children: [{ name: "p2" }] }],
    });
    const res = await call(server, "GET", `/api/data/${t.p2}/path`, { token: owner.access });
    expect(res.status).toBe(200);
    expect(res.body.map((n: { id: number }) => n.id)).toEqual([
      owner.user.content.user_root_node_id,
      t.p0,
      t.p1,
    ]);
  });

  it("403s a stranger, 404s a missing node, 401s without login", async () => {
    const t = await makeTree(server, owner.access, { name: "hidden-path" });
    expect(
      (await call(server, "GET", `/api/data/${t["hidden-path"]}/path`, { token: stranger.access })).status,
    ).toBe(403);
    expect((await call(server, "GET", "/api/data/2000000000/path", { token: owner.access })).status).toBe(
      404,
    );
    expect((await call(server, "GET", `/api/data/${t["hidden-path"]}/path`)).status).toBe(401);
  });
});
