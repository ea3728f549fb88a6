import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, makeUser } from "../test/client";
import { childNames, createNode } from "../test/factories";
import { startSecondServer, startTestServer, type TestServer, testDbKind } from "../test/harness";

// Two app servers on one PostgreSQL database, as behind a load balancer: PGlite runs one transaction at a
// time, so it can neither deadlock nor tell us anything here.
const onPostgres = testDbKind === "postgres";

let serverA: TestServer;
let serverB: TestServer;
let user: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  serverA = await startTestServer();
  if (onPostgres) serverB = await startSecondServer(serverA);
  user = await makeUser(serverA);
});
afterAll(async () => {
  await serverB?.close();
  await serverA.close();
});

const move = (server: TestServer, node: number, from: number, to: number) =>
  call(server, "POST", "/api/dnode/move", {
    token: user.access,
    body: {
      moved_nodes_ids: [node],
      target_node_id: to,
      old_location_id: from,
      old_relationName: "CHILD_NODE",
      new_relationName: "CHILD_NODE",
      old_side: "y",
      new_side: "y",
      way: "move",
    },
  });

describe.skipIf(!onPostgres)("moves crossing between two lists, from two app servers", () => {
  it("200 moves P→Q beside Q→P all succeed, and every node ends in exactly one list", async () => {
    const { dnode: tree } = await createNode(serverA, user.access, { type: "DIR", name: "交叉移动" });
    const { dnode: p } = await createNode(serverA, user.access, { name: "P", location_id: tree.id });
    const { dnode: q } = await createNode(serverA, user.access, { name: "Q", location_id: tree.id });
    const fromP: number[] = [];
    const fromQ: number[] = [];
    for (let i = 0; i < 100; i++) {
      fromP.push((await createNode(serverA, user.access, { name: `p${i}`, location_id: p.id })).dnode.id);
      fromQ.push((await createNode(serverA, user.access, { name: `q${i}`, location_id: q.id })).dnode.id);
    }
    // Interleaved: each moment a P→Q move on server A meets a Q→P move on server B.
    const results = await Promise.all(
      fromP.flatMap((id, i) => [move(serverA, id, p.id, q.id), move(serverB, fromQ[i]!, q.id, p.id)]),
    );
    const failures = results
      .filter((r) => r.status !== 200)
      .map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(failures).toEqual([]);
    const inP = await childNames(serverA, user.access, p.id);
    const inQ = await childNames(serverA, user.access, q.id);
    expect(inP.sort()).toEqual(fromQ.map((_, i) => `q${i}`).sort());
    expect(inQ.sort()).toEqual(fromP.map((_, i) => `p${i}`).sort());
    const counts = await call(serverA, "GET", `/api/dnode/${p.id}`, { token: user.access });
    expect(counts.body.relations.CHILD_NODE.size).toBe(100);
  }, 120_000);

  it("values set in opposite directions with inverse properties at once all succeed", async () => {
    // A property with an inverse: a value set on x one way appears on y the other way.
    const { dnode: person } = await createNode(serverA, user.access, { type: "CONCEPT", name: "人" });
    const { dnode: knows } = await createNode(serverA, user.access, {
      type: "CONCEPT",
      name: "认识",
      location_id: person.id,
      relation_name: "PROPERTY",
      content: { xtype: "ListProperty", auto_create_inverse: true },
    });
    const propertyRelation = (await call(serverA, "GET", `/api/dnode/${person.id}`, { token: user.access }))
      .body.relations.PROPERTY.dict[knows.id];
    const people: number[] = [];
    for (let i = 0; i < 20; i++)
      people.push((await createNode(serverA, user.access, { type: "INSTANCE", name: `人${i}` })).dnode.id);
    const add = (server: TestServer, x: number, y: number) =>
      call(server, "POST", "/api/dnode/add_related_value", {
        token: user.access,
        body: {
          dnode_id: x,
          relation_name: `pv_${propertyRelation}`,
          related_value: { value: y, type: "Dnode" },
        },
      });
    const pairs = people.slice(0, 10).map((x, i) => [x, people[i + 10]!] as const);
    const results = await Promise.all(pairs.flatMap(([x, y]) => [add(serverA, x, y), add(serverB, y, x)]));
    const failures = results
      .filter((r) => r.status >= 500)
      .map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(failures).toEqual([]);
  }, 120_000);
});
