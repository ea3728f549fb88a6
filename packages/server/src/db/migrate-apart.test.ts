import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "./client";
import { needsMigrationApart } from "./migrate-apart";

const dataDir = mkdtempSync(path.join(tmpdir(), "zhishu-migrate-apart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("creates a new embedded database in a child process, then opens it ready, and not again next time", async () => {
  const dbDir = path.join(dataDir, "db");
  expect(needsMigrationApart(dbDir)).toBe(true);
  const database = await openDatabase({ dataDir });
  try {
    expect(needsMigrationApart(dbDir)).toBe(false);
    const tables = (await database.raw(
      "select count(*)::int as n from information_schema.tables where table_name in ('dnode', 'users', 'create_key')",
      [],
    )) as { rows: { n: number }[] };
    expect(tables.rows[0]?.n).toBe(3);
  } finally {
    await database.close();
  }
}, 120_000);
