import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../packages/server/src/app";
import type { AppConfig } from "../packages/server/src/config";
import { openPostgres } from "../packages/server/src/db/client";
import { writeTransaction } from "../packages/server/src/services/events/write-transaction";
import {
  createNodeInTx,
  createNode as createNodeService,
} from "../packages/server/src/services/nodes/create";
import { getCreatedNode, getNode } from "../packages/server/src/services/nodes/read";
import { searchLexemes } from "../packages/server/src/services/search/lexemes";
import { call, makeUser } from "../packages/server/src/test/client";
import { createNode } from "../packages/server/src/test/factories";
import type { TestServer } from "../packages/server/src/test/harness";
import { chineseName } from "./seed";
import { type Measurement, measure, measurePair } from "./stats";

/**
 * Issue 18 point 1, `npm run bench -- scale`: 1,000,000 nodes on PostgreSQL (BENCH_DATABASE_URL, default
 * the local server), shaped like real use — a 10k-child node, a 40-deep chain, 1,000 mid-size trees of
 * Chinese names — measured over HTTP. The seeded database (`zhishu_bench_scale`) is kept between runs and
 * reused when complete; BENCH_RESEED=1 seeds it again.
 */
const TOTAL = 1_000_000;
const WIDE_CHILDREN = 10_000;
const CHAIN_DEPTH = 40;
const FOLDERS = 1_000;
const BATCH = 100_000;
export const DB_NAME = "zhishu_bench_scale";
export const USERNAME = "scale_bench";
export const PASSWORD = "correct horse battery";
// chineseName(i) repeats its three words every 20 values of i: 20 name shapes, each then numbered.
const NAME_PERIOD = 20;

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface Seeded {
  wide: number;
  deepest: number;
  folder: number;
  firstTwo: [number, number];
}

export async function benchScale(): Promise<Measurement[]> {
  const url = await ensureDatabase();
  // Counts the statements the app sends, to report how many round trips the insert takes.
  const statements = { count: 0, logQuery: () => void statements.count++ };
  const database = await openPostgres(url, 10, statements);
  const raw = database.raw as Raw;
  const dataDir = mkdtempSync(path.join(tmpdir(), "zhishu-scale-"));
  const config: AppConfig = {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    jwtSecret: randomBytes(32).toString("hex"),
    logLevel: "silent",
    appVersion: "bench",
    accessTokenTtl: 3600,
    refreshTokenTtl: 3600,
    validateResponses: false,
    trustProxy: false,
    registerLimitPerHour: 1_000_000,
  };
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const server = {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
  } as TestServer;
  try {
    const seeded = (await readSeeded(raw)) ?? (await seed(server, raw));
    const login = await call(server, "POST", "/api/login", {
      body: { username: USERNAME, password: PASSWORD },
    });
    const token = login.body.access as string;
    const get = (route: string) => () => call(server, "GET", route, { token });
    const results: Measurement[] = [];
    const sizes = await raw(
      `select pg_size_pretty(pg_total_relation_size('dnode')) as nodes,
              pg_size_pretty(pg_total_relation_size('dnode_relation')) as relations,
              pg_size_pretty(pg_indexes_size('dnode')) as node_indexes,
              (select count(*) from dnode) as count`,
      [],
    );
    console.log("  sizes:", sizes.rows[0]);
    results.push(
      await measure(
        "GET /api/dnode/{id}: node with 10k children, 1M nodes",
        get(`/api/dnode/${seeded.wide}`),
      ),
    );
    results.push(
      await measure(
        "relations_with_data: first page of the 10k children (goal p50 ≤ 15)",
        get(`/api/dnode/${seeded.wide}/relations_with_data/?relation_names=CHILD_NODE`),
      ),
    );
    results.push(await measure("GET /api/data/{id}/path: 40 deep", get(`/api/data/${seeded.deepest}/path`)));
    results.push(
      await measure(
        "search 知识 (2 characters; goal p50 ≤ 50)",
        get(`/api/dnode/search/?search=${encodeURIComponent("知识")}`),
        50,
        5,
      ),
    );
    results.push(await measure("search zhishi (pinyin)", get("/api/dnode/search/?search=zhishi"), 50, 5));
    let n = 0;
    const insert = () =>
      call(server, "POST", "/api/dnode/create/", {
        token,
        body: { name: `插入 ${n++}`, location_id: seeded.folder, next_id: seeded.firstTwo[1] },
      });
    statements.count = 0;
    await insert();
    // Drizzle logs each statement it sends, a transaction's begin and commit included.
    console.log(`  insert between two siblings: ${statements.count} statements through Drizzle`);
    results.push(
      await measure("insert between two siblings of a 1,000-child list (goal p50 ≤ 10)", insert, 100, 10),
    );
    // The same insert and answer without HTTP, alternately by the one statement and by the general
    // path's transaction (what every insert took before), so both see the same load.
    const userId = Number(
      (await raw("select owner_id from dnode where id = $1", [seeded.folder])).rows[0]!.owner_id,
    );
    const body = () =>
      ({
        type: "NOTE",
        name: `插入 ${n++}`,
        content: {},
        location_id: seeded.folder,
        next_id: seeded.firstTwo[1],
      }) as const;
    results.push(
      ...(await measurePair(
        [
          "  the same insert and its answer, no HTTP: one statement (then the answer's reads side by side)",
          "  the same by the general path's transaction (13 statements, 11 round trips, as before)",
        ],
        [
          async () => {
            const made = await createNodeService(database.db, userId, body());
            return getCreatedNode(database.db, userId, made.nodeId, made.anchorId);
          },
          async () =>
            getNode(
              database.db,
              userId,
              (
                await writeTransaction(database.db, userId, (tx) => createNodeInTx(tx, userId, body()))
              ).nodeId,
            ),
        ],
      )),
    );
    // The inserted rows are removed so later runs measure the same list.
    await raw(`delete from dnode where parent_id = $1 and name like '插入 %'`, [seeded.folder]);
    return results;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The bench database: kept when a finished seed is in it; made afresh when missing, when an earlier seed
 * was interrupted, or with BENCH_RESEED=1.
 */
export async function ensureDatabase(): Promise<string> {
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists =
      (await admin.query("select 1 from pg_database where datname = $1", [DB_NAME])).rowCount !== 0;
    if (exists && (process.env.BENCH_RESEED === "1" || !(await seedFinished(url.toString()))))
      await admin.query(`drop database ${DB_NAME} with (force)`);
    if (!exists || process.env.BENCH_RESEED === "1" || !(await seedFinished(url.toString())))
      await admin.query(`create database ${DB_NAME}`).catch(() => undefined);
  } finally {
    await admin.end();
  }
  return url.toString();
}

export async function seedFinished(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const marker = await client.query("select count(*) as n from bench_scale_seeded");
    return Number(marker.rows[0].n) > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

type Raw = (query: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export async function readSeeded(raw: Raw): Promise<Seeded | null> {
  await raw("create table if not exists bench_scale_seeded (info jsonb not null)", []);
  const { rows } = await raw("select info from bench_scale_seeded", []);
  return rows[0] ? (rows[0].info as Seeded) : null;
}

/** Seeds the million nodes with set-based SQL: names, search vectors (the app's lexemes), links, counts. */
async function seed(server: TestServer, raw: Raw): Promise<Seeded> {
  const started = performance.now();
  const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;
  await raw("delete from bench_scale_seeded", []);
  const { access, user } = await makeUser(server, USERNAME, PASSWORD);
  const { dnode: tree } = await createNode(server, access, { type: "DIR", name: "百万节点" });
  const { dnode: wide } = await createNode(server, access, { name: "一万个孩子", location_id: tree.id });
  // The search vector the app would store for each name shape; the number adds its own lexeme.
  await raw("create table bench_name_shape (k int primary key, name text, lexemes text[])", []);
  for (let k = 0; k < NAME_PERIOD; k++) {
    const shape = chineseName(k).replace(/ \d+$/, "");
    await raw("insert into bench_name_shape values ($1, $2, $3)", [k, shape, searchLexemes(shape)]);
  }
  await raw("alter table dnode_relation disable trigger dnode_relation_count", []);
  const insertNodes = async (parentSql: string, from: number, to: number, params: unknown[]) => {
    await raw(
      `insert into dnode (name, type, content, parent_id, main_relation, owner_id, creator_id, anchor_id,
                          search_vector, created_at, updated_at)
       select s.name || ' ' || g, 'NOTE', '{}'::jsonb, ${parentSql}, 'CHILD_NODE', $1, $1, $2,
              array_to_tsvector(s.lexemes || array[g::text]),
              now() - make_interval(secs => ${TOTAL} - g), now() - make_interval(secs => ${TOTAL} - g)
       from generate_series(${from}, ${to}) g join bench_name_shape s on s.k = g % ${NAME_PERIOD}`,
      params,
    );
  };
  const linkNew = async (afterId: number) => {
    await raw(
      `insert into dnode_relation (xnode, ynode, relation_name, yorder, xorder)
       select parent_id, id, 'CHILD_NODE', row_number() over (partition by parent_id order by id), 1
       from dnode where id > $1`,
      [afterId],
    );
  };
  const maxId = async () => Number((await raw("select max(id) as m from dnode", [])).rows[0].m);

  // The 10k children of one node.
  let before = await maxId();
  await insertNodes("$3", 0, WIDE_CHILDREN - 1, [user.id, tree.id, wide.id]);
  await linkNew(before);
  // A 40-deep chain.
  let deepest = tree.id;
  for (let depth = 0; depth < CHAIN_DEPTH; depth++) {
    before = await maxId();
    const g = WIDE_CHILDREN + depth;
    await insertNodes("$3", g, g, [user.id, tree.id, deepest]);
    await linkNew(before);
    deepest = await maxId();
  }
  // 1,000 folders, then the rest spread over them.
  before = await maxId();
  const folderStart = WIDE_CHILDREN + CHAIN_DEPTH;
  await insertNodes("$3", folderStart, folderStart + FOLDERS - 1, [user.id, tree.id, tree.id]);
  await linkNew(before);
  await raw("create table bench_folder (k int primary key, id int)", []);
  await raw(
    "insert into bench_folder select row_number() over (order by id) - 1, id from dnode where id > $1",
    [before],
  );
  const restStart = folderStart + FOLDERS;
  for (let from = restStart; from < TOTAL; from += BATCH) {
    const to = Math.min(TOTAL - 1, from + BATCH - 1);
    before = await maxId();
    await insertNodes(`(select f.id from bench_folder f where f.k = g % ${FOLDERS})`, from, to, [
      user.id,
      tree.id,
    ]);
    await linkNew(before);
    console.log(`  seeded ${to + 1} nodes (${elapsed()})`);
  }
  await raw("alter table dnode_relation enable trigger dnode_relation_count", []);
  await raw("delete from relation_count", []);
  await raw(
    `insert into relation_count (node, side, relation_name, size)
       select xnode, 'y', relation_name, count(*) from dnode_relation where not is_deleted group by xnode, relation_name
       union all
       select ynode, 'x', relation_name, count(*) from dnode_relation where not is_deleted group by ynode, relation_name`,
    [],
  );
  await raw("vacuum analyze", []);
  const folder = Number((await raw("select id from bench_folder where k = 0", [])).rows[0].id);
  const firstTwo = (
    await raw(
      `select ynode from dnode_relation where xnode = $1 and relation_name = 'CHILD_NODE' order by yorder limit 2`,
      [folder],
    )
  ).rows.map((r) => Number(r.ynode)) as [number, number];
  const seeded: Seeded = { wide: wide.id, deepest, folder, firstTwo };
  await raw("insert into bench_scale_seeded values ($1)", [JSON.stringify(seeded)]);
  console.log(`  seeded ${TOTAL} nodes in ${elapsed()}`);
  return seeded;
}
