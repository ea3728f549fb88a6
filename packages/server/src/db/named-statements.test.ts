import { describe, expect, it } from "vitest";
import { createPostgresDatabase, testDbKind } from "../test/harness";
import { openPostgres, queryRows, sql } from "./client";

// PostgreSQL only: PGlite plans in process and is not touched.
describe.skipIf(testDbKind !== "postgres")("named statements on PostgreSQL", () => {
  it("names a statement the app repeats, and answers the same rows as before", async () => {
    const created = await createPostgresDatabase();
    // One connection, so the statements and the check meet on the same session.
    const database = await openPostgres(created.url, 1);
    try {
      const read = () => queryRows<{ n: number }>(database.db, sql`select ${41}::int + 1 as n`);
      for (let i = 0; i < 5; i++) expect(await read()).toEqual([{ n: 42 }]);
      const named = await queryRows<{ name: string; statement: string }>(
        database.db,
        sql`select name, statement from pg_prepared_statements`,
      );
      expect(named.some((s) => s.name.startsWith("zs_") && s.statement.includes("+ 1 as n"))).toBe(true);
      // A statement sent once stays unnamed.
      expect(named.some((s) => s.statement.includes("pg_prepared_statements"))).toBe(false);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
