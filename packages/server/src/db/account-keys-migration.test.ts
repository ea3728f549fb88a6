import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { asc, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { expect, it } from "vitest";
import { hashPassword } from "../auth/password";
import { createTokenService } from "../auth/tokens";
import { login } from "../services/accounts/accounts";
import { createPostgresDatabase, testDbKind } from "../test/harness";
import { type Database, openPglite, openPostgres } from "./client";
import { users } from "./schema";

const MIGRATION = "0012_auth_hardening";

/** The migrations folder as it was before this migration (the journal cut just before it). */
function migrationsBefore(tag: string): string {
  const source = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
  const folder = mkdtempSync(path.join(tmpdir(), "zhishu-migrations-"));
  cpSync(source, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** A database at the state before the migration, with `seed` run on it; then opened (and fully migrated). */
async function upgradeFrom(seed: string[]): Promise<{ database: Database; cleanup(): Promise<void> }> {
  const folder = migrationsBefore(MIGRATION);
  try {
    if (testDbKind === "postgres") {
      const created = await createPostgresDatabase();
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
      for (const statement of seed) await client.query(statement);
      await client.end();
      const database = await openPostgres(created.url, 2);
      const cleanup = async () => {
        await database.close();
        await created.drop();
      };
      return { database, cleanup };
    }
    const dir = mkdtempSync(path.join(tmpdir(), "zhishu-upgrade-"));
    const client = new PGlite(dir);
    await migratePglite(drizzlePglite({ client }) as never, { migrationsFolder: folder });
    for (const statement of seed) await client.exec(statement);
    await client.close();
    const database = await openPglite(dir);
    const cleanup = async () => {
      await database.close();
      rmSync(dir, { recursive: true });
    };
    return { database, cleanup };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

it("upgrades over old names and e-mails that collide once normalised, and keeps them signing in", async () => {
  const hash = (await hashPassword("old but fine")).replaceAll("'", "''");
  const insert = (name: string, email: string) =>
    `insert into users (username, email, password_hash) values ('${name}', '${email}', '${hash}')`;
  const { database, cleanup } = await upgradeFrom([
    insert("alice", "Alice@Example.com"),
    insert("ａｌｉｃｅ", "alice@example.com"),
    insert("bob", "bob@example.com"),
  ]);
  try {
    const rows = await database.db
      .select({ username: users.username, usernameKey: users.usernameKey, emailKey: users.emailKey })
      .from(users)
      .orderBy(asc(users.id));
    expect(rows).toEqual([
      { username: "alice", usernameKey: "alice", emailKey: "alice@example.com" },
      { username: "ａｌｉｃｅ", usernameKey: null, emailKey: null },
      { username: "bob", usernameKey: "bob", emailKey: "bob@example.com" },
    ]);

    const tokens = createTokenService("test-secret", { access: 60, refresh: 60 });
    const asOld = await login(
      database.db,
      tokens,
      { username: "ａｌｉｃｅ", password: "old but fine" },
      "::1",
    );
    expect(asOld.user.username).toBe("ａｌｉｃｅ");
    const asFirst = await login(database.db, tokens, { username: "ALICE", password: "old but fine" }, "::1");
    expect(asFirst.user.username).toBe("alice");

    // A new account cannot take either spelling.
    await expect(
      database.db.execute(
        sql`insert into users (username, username_key, email, password_hash) values ('Alice', 'alice', 'n@example.com', 'x')`,
      ),
    ).rejects.toThrow();
  } finally {
    await cleanup();
  }
});
