import { MESSAGES } from "@zhishu/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../test/client";
import { childNames, createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";
import { xSideHelpers } from "../test/x-side";

/** POST /api/dnode/move on the x side: what it refuses (401, 403, 400), changing nothing. */
const { server, owner, reader, stranger } = useTestServer({ users: ["owner", "reader", "stranger"] });
let sharedTree: number;
beforeAll(async () => {
  sharedTree = (await createNode(server, owner.access, { name: "共享树" })).dnode.id;
  const grant = await call(server, "POST", "/api/anchor-auth/manage/", {
    token: owner.access,
    body: { anchor_id: sharedTree, user_id: reader.user.id, auth_type: "read" },
  });
  expect(grant.status).toBe(200);
});
const { move, ownerNames, fixture } = xSideHelpers(server, owner);

describe("POST /api/dnode/move on the x side: refusals", () => {
  it("401 without login", async () => {
    const res = await call(server, "POST", "/api/dnode/move", {
      body: { moved_nodes_ids: [1], target_node_id: 2, new_side: "x" },
    });
    expect(res.status).toBe(401);
  });

  it("403 without write on the target or on the moved node (a reader may not make it an owner)", async () => {
    const shared = await makeTree(
      server,
      owner.access,
      { name: "s-root", children: [{ name: "s1" }, { name: "s2" }] },
      sharedTree,
    );
    const own = await makeTree(server, reader.access, { name: "r-root", children: [{ name: "r1" }] });
    // The reader may read s1 but not write it: it cannot become the owner of a link on the x side...
    const asOwner = await move(
      { moved_nodes_ids: [shared.s1], target_node_id: own.r1, new_side: "x", way: "refer" },
      reader.access,
    );
    expect(asOwner.status).toBe(403);
    expect(await ownerNames(own.r1, "CHILD_NODE", reader.access)).toEqual(["r-root"]);
    // ...while on the y side (s1 only becomes a child of the reader's node) reading it is enough.
    const asChild = await move(
      { moved_nodes_ids: [shared.s1], target_node_id: own.r1, way: "refer" },
      reader.access,
    );
    expect(asChild.status).toBe(200);
    // No write on the target: the reader's own node may not join s2's owners.
    const onTarget = await move(
      { moved_nodes_ids: [own.r1], target_node_id: shared.s2, new_side: "x", way: "refer" },
      reader.access,
    );
    expect(onTarget.status).toBe(403);
    expect(await ownerNames(shared.s2)).toEqual(["s-root"]);
    // A stranger can do neither, nor move a node it may not write out of an x-side list.
    const theirs = await makeTree(server, stranger.access, { name: "theirs", children: [{ name: "th1" }] });
    expect(
      (await move({ moved_nodes_ids: [theirs.th1], target_node_id: shared.s2, new_side: "x" })).status,
    ).toBe(403);
    const mine = await fixture("x403");
    expect(
      (
        await move(
          {
            moved_nodes_ids: [mine.A],
            target_node_id: theirs.th1,
            old_location_id: mine.T,
            old_side: "x",
            new_side: "x",
          },
          stranger.access,
        )
      ).status,
    ).toBe(403);
    expect(await ownerNames(mine.T)).toEqual(["P", "A", "B"]);
  });

  it("400 for bad input, changing nothing", async () => {
    const t = await fixture("x400");
    const root = owner.user.content.user_root_node_id;
    // Each case: the body and the error message, or the code when zod words the message.
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ moved_nodes_ids: [t.N], target_node_id: t.T, new_side: "z" }, MESSAGES.moveSideInvalid],
      [{ moved_nodes_ids: [t.N], target_node_id: t.T, old_side: "left" }, MESSAGES.moveSideInvalid],
      // T's child-side list is not its x-side list: P is an owner, T2 is nobody's place there.
      [
        { moved_nodes_ids: [t.N], target_node_id: t.T, new_side: "x", way: "refer", before_node_id: t.T2 },
        MESSAGES.nextNodeNotSibling,
      ],
      [
        { moved_nodes_ids: [t.N], target_node_id: t.T, new_side: "x", way: "refer", before_node_id: t.N },
        MESSAGES.nextNodeNotSibling,
      ],
      [{ target_node_id: t.T, new_side: "x" }, "VALIDATION_ERROR"],
      [{ moved_nodes_ids: [t.N], new_side: "x" }, "VALIDATION_ERROR"],
      [{ moved_nodes_ids: [], target_node_id: t.T, new_side: "x" }, "VALIDATION_ERROR"],
      [
        { moved_nodes_ids: [t.A], target_node_id: t.T2, old_side: "x", new_side: "x" },
        MESSAGES.moveOldLocationRequired,
      ],
      [
        { moved_nodes_ids: [t.N], target_node_id: t.T2, old_location_id: t.T, old_side: "x", new_side: "x" },
        MESSAGES.moveNotAtOldPlace,
      ],
      [{ moved_nodes_ids: [t.T], target_node_id: t.T, new_side: "x", way: "refer" }, MESSAGES.selfRelation],
      [
        {
          moved_nodes_ids: [t.N],
          target_node_id: t.T,
          new_side: "x",
          new_relationName: "USER_ROOT",
          way: "refer",
        },
        "关系 USER_ROOT 不能放在该节点下",
      ],
      [
        { moved_nodes_ids: [root], target_node_id: t.T, new_side: "x", way: "refer" },
        MESSAGES.userRootCannotMove,
      ],
      [
        { moved_nodes_ids: [t.N], target_node_id: root, new_side: "x", way: "refer" },
        MESSAGES.userRootCannotMove,
      ],
    ];
    for (const [body, error] of cases) {
      const res = await move(body);
      const said = error === "VALIDATION_ERROR" ? res.body.code : res.body.error;
      expect({ body, status: res.status, said }).toEqual({ body, status: 400, said: error });
    }
    expect(await ownerNames(t.T)).toEqual(["P", "A", "B"]);
    expect(await childNames(server, owner.access, t.N)).toEqual([]);
  });
});
