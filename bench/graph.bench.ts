import { queryRows, sql } from "../packages/server/src/db/client";
import { loadNodeRows } from "../packages/server/src/policies/node-access";
import { relationGroups } from "../packages/server/src/services/graph/relation-groups";
import { relationsWithData } from "../packages/server/src/services/graph/relation-pages";
import { createNode as createNodeService } from "../packages/server/src/services/nodes/create";
import { inheritedGroups } from "../packages/server/src/services/nodes/inheritance";
import { searchNodes } from "../packages/server/src/services/search/search";
import { call, makeUser } from "../packages/server/src/test/client";
import { createNode } from "../packages/server/src/test/factories";
import { startTestServer } from "../packages/server/src/test/harness";
import { benchRights } from "./rights.bench";
import { analyze, seedChildren } from "./seed";
import { type Measurement, measure } from "./stats";

/** Keeps the statements Drizzle sends while a call runs (the server runs in this process). */
export class StatementRecorder {
  private statements: { query: string; params: unknown[] }[] | null = null;

  logQuery(query: string, params: unknown[]): void {
    this.statements?.push({ query, params });
  }

  async record(run: () => Promise<unknown>): Promise<{ query: string; params: unknown[] }[]> {
    this.statements = [];
    try {
      await run();
      return this.statements;
    } finally {
      this.statements = null;
    }
  }
}

const TOTAL_NODES = 100_000;
const WIDE_CHILDREN = 10_000;
const CHAIN_DEPTH = 40;

/**
 * The node-graph benchmark of issue 3: 100k nodes for one user (a node with 10,000 children, a chain
 * 40 deep, Chinese names), each call over HTTP beside the raw SQL of its main query.
 */
export async function benchGraph(): Promise<Measurement[]> {
  const recorder = new StatementRecorder();
  const server = await startTestServer({ validateResponses: false }, recorder);
  const db = server.database.db;
  // A call's own SQL, recorded during one call and replayed on the driver: what the call costs with
  // no HTTP, routing, auth, ORM or presenting around its queries (issue 3's "raw SQL of the same query").
  const replayOf = async (call: () => Promise<unknown>) => {
    const statements = await recorder.record(call);
    return measure(`  its ${statements.length} SQL statements replayed on the driver`, async () => {
      for (const s of statements) await server.database.raw(s.query, s.params);
    });
  };
  try {
    const { access, user } = await makeUser(server);
    const { dnode: tree } = await createNode(server, access, { type: "DIR", name: "基准知识树" });
    const { dnode: wide } = await createNode(server, access, { name: "一万个孩子", location_id: tree.id });
    const parentOf = (id: number) => ({ id, ownerId: user.id, anchorId: tree.id });

    const started = performance.now();
    await seedChildren(db, parentOf(wide.id), WIDE_CHILDREN, 0);
    let deepest = tree.id;
    for (let depth = 0; depth < CHAIN_DEPTH; depth++)
      [deepest] = await seedChildren(db, parentOf(deepest), 1, 50_000 + depth);
    const rest = TOTAL_NODES - WIDE_CHILDREN - CHAIN_DEPTH - 2;
    const folders = await seedChildren(db, parentOf(tree.id), 300, 60_000);
    const perFolder = Math.ceil((rest - 300) / folders.length);
    for (const [i, folder] of folders.entries())
      await seedChildren(db, parentOf(folder), perFolder, 70_000 + i * perFolder);
    await analyze(db);
    console.log(`  seeded ${TOTAL_NODES} nodes in ${Math.round((performance.now() - started) / 1000)} s`);

    // Seeding runs in this process (PGlite) and blocks the event loop past the server's keep-alive
    // timeout, so the client may still hold a socket the server closed: the first call may reset.
    await call(server, "GET", "/api/app-version/").catch(() => undefined);
    const [, secondChild] = (await call(server, "GET", `/api/dnode/${wide.id}`, { token: access })).body
      .relations.CHILD_NODE.head;
    const page = `/api/dnode/${wide.id}/relations_with_data/?relation_names=CHILD_NODE`;
    const search = `/api/dnode/search/?search=${encodeURIComponent("知识")}`;
    const results: Measurement[] = [];
    results.push(
      await measure("GET /api/dnode/{id} (node with 10k children)", () =>
        call(server, "GET", `/api/dnode/${wide.id}`, { token: access }),
      ),
    );
    results.push(await replayOf(() => call(server, "GET", `/api/dnode/${wide.id}`, { token: access })));
    results.push(
      await measure("  same queries, no HTTP: node row, relation groups, inheritance", async () => {
        const rows = await loadNodeRows(db, [wide.id]);
        await Promise.all([relationGroups(db, [wide.id]), inheritedGroups(db, user.id, rows)]);
      }),
    );
    results.push(
      await measure("relations_with_data, first page of 10k children", () =>
        call(server, "GET", page, { token: access }),
      ),
    );
    const paging = {
      page_size: 40,
      relation_pages: {},
      order_by: "yorder" as const,
      relation_names: ["CHILD_NODE"],
    };
    results.push(
      await measure("  same queries, no HTTP: the page, its 40 nodes and their groups", () =>
        relationsWithData(db, user.id, [wide.id], paging),
      ),
    );
    results.push(await replayOf(() => call(server, "GET", page, { token: access })));
    results.push(
      await measure("  raw SQL alone: first 40 children joined with their nodes", () =>
        queryRows(
          db,
          sql`select d.* from dnode_relation r join dnode d on d.id = r.ynode
                          where r.xnode = ${wide.id} and r.relation_name = 'CHILD_NODE' and not r.is_deleted
                          order by r.yorder, r.id limit 40`,
        ),
      ),
    );
    results.push(
      await measure("GET /api/data/{id}/path (40 deep)", () =>
        call(server, "GET", `/api/data/${deepest}/path`, { token: access }),
      ),
    );
    results.push(await replayOf(() => call(server, "GET", `/api/data/${deepest}/path`, { token: access })));
    results.push(
      await measure("  raw SQL: ancestors by recursive CTE", () =>
        queryRows(
          db,
          sql`with recursive up(id, parent_id) as (select id, parent_id from dnode where id = ${deepest}
                          union all select d.id, d.parent_id from dnode d join up on d.id = up.parent_id) select id from up`,
        ),
      ),
    );
    results.push(
      await measure("search 知识 (2 characters, 100k nodes)", () =>
        call(server, "GET", search, { token: access }),
      ),
    );
    results.push(
      await measure("  same queries, no HTTP", () => searchNodes(db, user.id, { search: "知识", limit: 30 })),
    );
    results.push(await replayOf(() => call(server, "GET", search, { token: access })));
    let n = 0;
    results.push(
      await measure(
        "insert between two siblings (10k list)",
        () => createNode(server, access, { name: `插入 ${n++}`, location_id: wide.id, next_id: secondChild }),
        100,
        5,
      ),
    );
    results.push(
      await measure(
        "  same queries, no HTTP",
        () =>
          createNodeService(db, user.id, {
            type: "NOTE",
            name: `直接 ${n++}`,
            content: {},
            location_id: wide.id,
            next_id: secondChild,
          }),
        100,
        5,
      ),
    );
    results.push(...(await benchRights(server, { access, userId: user.id }, wide.id, tree.id)));
    return results;
  } finally {
    await server.close();
  }
}
