import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { register } from "../services/accounts/accounts";
import { createPostgresDatabase, testDbKind } from "../test/harness";
import { type Database, openPglite, openPostgres, queryRows } from "./client";

/** A place that outlives one open database: a DATA_DIR folder, or a PostgreSQL database. */
async function durableStore(): Promise<{ open(): Promise<Database>; remove(): Promise<void> }> {
  if (testDbKind === "postgres") {
    const created = await createPostgresDatabase();
    return { open: () => openPostgres(created.url, 2), remove: created.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "zhishu-persist-"));
  return { open: () => openPglite(dir), remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

it("keeps an account across a close and reopen, and migrating an up-to-date database is harmless", async () => {
  const store = await durableStore();
  try {
    const first = await store.open();
    const user = await register(
      first.db,
      { username: "persist_me", email: "p@example.com", password: "kept across restarts" },
      "127.0.0.1",
      100,
    );
    await first.close();

    const second = await store.open();
    const rows = await queryRows<{ username: string; root: number }>(
      second.db,
      sql`select u.username, d.id as root from users u join dnode d on d.id = u.root_node_id where u.id = ${user.id}`,
    );
    expect(rows).toEqual([{ username: "persist_me", root: user.rootNodeId }]);
    await second.close();
  } finally {
    await store.remove();
  }
}, 60_000);
