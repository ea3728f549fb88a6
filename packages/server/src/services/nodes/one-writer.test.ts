import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The one writer of node rows and of relation rows (DESIGN.md "Layout"): writes anywhere else would skip
// sanitising, the search vector, the version history and the event row that live updates deliver.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WRITERS: Record<string, { pattern: RegExp; allowed: string[] }> = {
  dnode: {
    pattern: /\.(insert|update|delete)\(dnode\)|\b(insert\s+into|update|delete\s+from)\s+dnode\b(?!_)/i,
    allowed: ["services/nodes/write.ts", "services/nodes/write-unversioned.ts"],
  },
  dnode_relation: {
    pattern:
      /\.(insert|update|delete)\(dnodeRelation\)|\b(insert\s+into|update|delete\s+from)\s+dnode_relation\b/i,
    // ordering.ts only renumbers a list's order column when its gaps run out.
    allowed: ["services/graph/relation-rows.ts", "services/graph/ordering.ts"],
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === "migrations" || name === "test" ? [] : sourceFiles(full);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("one writer of node and relation rows", () => {
  for (const [table, { pattern, allowed }] of Object.entries(WRITERS)) {
    it(`writes the ${table} table only from ${allowed.join(" and ")}`, () => {
      const offenders = sourceFiles(SRC)
        .map((file) => path.relative(SRC, file))
        .filter((file) => !allowed.includes(file))
        .filter((file) => pattern.test(readFileSync(path.join(SRC, file), "utf8")));
      expect(offenders).toEqual([]);
    });
  }

  it("would notice a write elsewhere (the patterns match the forms the code uses)", () => {
    expect(WRITERS.dnode!.pattern.test("await tx.update(dnode).set({})")).toBe(true);
    expect(WRITERS.dnode!.pattern.test("sql`update dnode set name = 1`")).toBe(true);
    expect(WRITERS.dnode!.pattern.test("sql`select * from dnode_relation`")).toBe(false);
    expect(WRITERS.dnode_relation!.pattern.test("sql`delete from dnode_relation where`")).toBe(true);
  });
});
