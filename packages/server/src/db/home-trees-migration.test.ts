import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { expect, it } from "vitest";
import { createPostgresDatabase, testDbKind } from "../test/harness";
import { openPglite, openPostgres } from "./client";

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** The migrations folder as it was before the named migration, in a temporary copy. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "zhishu-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  const cut = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

// Before 0009 a tree planted at home hung by its USER_ROOT link: removing the card deleted it.
const OLD_HOME_TREE = `
  insert into users (username, email, password_hash) values ('old_planter', 'o@example.com', 'x');
  insert into dnode (name, type, owner_id, creator_id) select 'old_planter', 'USER', id, id from users;
  update dnode set anchor_id = id;
  update users set root_node_id = (select id from dnode where type = 'USER');
  insert into dnode (name, type, owner_id, creator_id, parent_id, main_relation)
    select '旧的树', 'DIR', u.id, u.id, u.root_node_id, 'USER_ROOT' from users u;
  update dnode set anchor_id = id where name = '旧的树';
  insert into dnode_relation (xnode, ynode, relation_name, xorder, yorder)
    select parent_id, id, 'USER_ROOT', 1, 5 from dnode where name = '旧的树';`;

const AFTER = `select d.main_relation,
    (select array_agg(relation_name order by relation_name) from dnode_relation r where r.ynode = d.id) as links
  from dnode d where d.name = '旧的树'`;

it("moves trees planted at home to hang by CHILD_NODE, keeping their USER_ROOT card", async () => {
  const folder = migrationsBefore("0009_home_trees_hang_by_child_node");
  try {
    if (testDbKind === "postgres") {
      const created = await createPostgresDatabase();
      try {
        const client = new pg.Client({ connectionString: created.url });
        await client.connect();
        await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
        await client.query(OLD_HOME_TREE);
        await client.end();
        const database = await openPostgres(created.url, 2);
        const rows = await database.raw(AFTER, []);
        await database.close();
        expect((rows as { rows: unknown[] }).rows).toEqual([
          { main_relation: "CHILD_NODE", links: ["CHILD_NODE", "USER_ROOT"] },
        ]);
      } finally {
        await created.drop();
      }
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), "zhishu-migrate-"));
    try {
      const client = new PGlite(dir);
      await migratePglite(drizzlePglite({ client }) as never, { migrationsFolder: folder });
      await client.exec(OLD_HOME_TREE);
      await client.close();
      const database = await openPglite(dir);
      const rows = await database.raw(AFTER, []);
      await database.close();
      expect((rows as { rows: unknown[] }).rows).toEqual([
        { main_relation: "CHILD_NODE", links: ["CHILD_NODE", "USER_ROOT"] },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);
