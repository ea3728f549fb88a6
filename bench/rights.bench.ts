import type { Db } from "../packages/server/src/db/client";
import { rightsOnIds } from "../packages/server/src/policies/node";
import { relationsWithData } from "../packages/server/src/services/graph/relation-pages";
import { call, makeUser } from "../packages/server/src/test/client";
import { createNode } from "../packages/server/src/test/factories";
import type { TestServer } from "../packages/server/src/test/harness";
import { analyze, seedChildren } from "./seed";
import { type Measurement, measure } from "./stats";

const ANCHORS = 20;
const PER_ANCHOR = 10;

/**
 * The rights benchmark of issue 4, on the node-graph benchmark's 100k-node database: the rights of a
 * reader on a page of 200 nodes from 20 trees (granted whole, narrowed, and shared per node, so the
 * ancestor walk runs), and relations_with_data for a reader beside the same call with the policy bypassed.
 */
export async function benchRights(
  server: TestServer,
  owner: { access: string; userId: number },
  wideId: number,
  treeId: number,
): Promise<Measurement[]> {
  const db: Db = server.database.db;
  const reader = await makeUser(server);
  const grant = (body: Record<string, unknown>) =>
    call(server, "POST", "/api/anchor-auth/manage/", { token: owner.access, body });
  await grant({ anchor_id: treeId, user_id: reader.user.id, auth_type: "read" });

  const pageIds: number[] = [];
  for (let a = 0; a < ANCHORS; a++) {
    const { dnode: anchor } = await createNode(server, owner.access, { type: "DIR", name: `权限树 ${a}` });
    const [branch] = await seedChildren(
      db,
      { id: anchor.id, ownerId: owner.userId, anchorId: anchor.id },
      1,
      90_000 + a * 20,
    );
    const leaves = await seedChildren(
      db,
      { id: branch!, ownerId: owner.userId, anchorId: anchor.id },
      PER_ANCHOR,
      90_001 + a * 20,
    );
    pageIds.push(...leaves);
    // A third of the trees granted whole, a third narrowed to the branch, a third shared per node.
    if (a % 3 === 0) await grant({ anchor_id: anchor.id, user_id: reader.user.id, auth_type: "read" });
    else if (a % 3 === 1) await grant({ dnode_id: branch, user_id: reader.user.id, auth_type: "write" });
    else
      await call(server, "POST", "/api/dnode-permission/", {
        token: owner.access,
        body: { dnode: branch, user: reader.user.id, can_read: true },
      });
  }
  await analyze(db);
  const ids = pageIds.slice(0, 200);
  const rights = await rightsOnIds(db, reader.user.id, ids);
  const readable = [...rights.values()].filter((r) => r.read).length;
  if (readable !== ids.length) throw new Error(`rights bench: reader reads ${readable} of ${ids.length}`);

  const paging = {
    page_size: 40,
    relation_pages: {},
    order_by: "yorder" as const,
    relation_names: ["CHILD_NODE"],
  };
  return [
    await measure(
      "rights of a reader on 200 nodes from 20 trees (a second query walks the trees with narrowed grants or shares)",
      () => rightsOnIds(db, reader.user.id, ids),
    ),
    await measure("relations_with_data, first page of 10k children, as a reader (rights on)", () =>
      relationsWithData(db, reader.user.id, [wideId], paging),
    ),
    await measure("  same call, rights policy bypassed", () =>
      relationsWithData(db, reader.user.id, [wideId], paging, "bypassed"),
    ),
  ];
}
