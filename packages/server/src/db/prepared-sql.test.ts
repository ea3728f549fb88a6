import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, testDbKind } from "../test/harness";
import { type Database, openPglite, openPostgres } from "./client";
import { nodeRowsQuery } from "./node-rows";
import { prepareFlatSelect } from "./prepared-sql";
import { dnode, users } from "./schema";

describe("prepareFlatSelect", () => {
  let database: Database;
  let drop = async () => {};
  beforeAll(async () => {
    if (testDbKind === "postgres") {
      const created = await createPostgresDatabase();
      database = await openPostgres(created.url, 2);
      drop = created.drop;
    } else database = await openPglite();
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it("answers the rows Drizzle's own prepare answers: same keys in the same order, same values", async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ username: "flat", email: "flat@example.com", passwordHash: "x" })
      .returning();
    await db.insert(dnode).values([
      { name: "甲", type: "NOTE", content: { a: 1 }, ownerId: user!.id, creatorId: user!.id },
      { name: "乙", type: "DIR", content: {}, ownerId: user!.id, creatorId: user!.id },
    ]);
    const query = () =>
      nodeRowsQuery(db, eq(dnode.ownerId, sql.placeholder("owner")), {
        doubled: sql<number>`${dnode.id} * 2`,
        named: sql<string>`${dnode.name} || '!'`.mapWith(String),
      });
    const flat = await prepareFlatSelect(db, query(), "flat_test").execute({ owner: user!.id });
    const drizzle = await query().prepare("drizzle_test").execute({ owner: user!.id });
    expect(flat).toHaveLength(2);
    expect(flat).toEqual(drizzle);
    expect(flat.map((row) => Object.keys(row as object))).toEqual(drizzle.map((row) => Object.keys(row)));
    expect((flat[0] as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);
  });
});
