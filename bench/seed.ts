import { type Db, sql } from "../packages/server/src/db/client";
import { dnode, dnodeRelation } from "../packages/server/src/db/schema";
import { searchVectorSql } from "../packages/server/src/services/search/vector";

const WORDS = [
  "知识",
  "管理",
  "学习",
  "方法",
  "概念",
  "数据",
  "系统",
  "设计",
  "笔记",
  "树木",
  "历史",
  "数学",
  "物理",
  "语言",
  "编程",
  "经济",
  "哲学",
  "艺术",
  "音乐",
  "健康",
];

/** A Chinese name that varies with i, so the search index is realistic. */
export function chineseName(i: number): string {
  return `${WORDS[i % WORDS.length]}${WORDS[(i * 7 + 3) % WORDS.length]}${WORDS[(i * 13 + 5) % WORDS.length]} ${i}`;
}

const BATCH = 1000;

/** What a seeded child may have other than a NOTE with empty content made now (k: its index among them). */
export type ChildShape = (k: number) => {
  type?: string;
  content?: Record<string, unknown>;
  createdAt?: Date;
};

/** Inserts `count` children under parent in batches, with their relations in order; returns their ids. */
export async function seedChildren(
  db: Db,
  parent: { id: number; ownerId: number; anchorId: number },
  count: number,
  nameOffset: number,
  shape?: ChildShape,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const rows = Array.from({ length: size }, (_, k) => {
      const name = chineseName(nameOffset + start + k);
      const { type = "NOTE", content = {}, createdAt } = shape?.(start + k) ?? {};
      return {
        name,
        type,
        content,
        ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
        parentId: parent.id,
        mainRelation: "CHILD_NODE",
        ownerId: parent.ownerId,
        creatorId: parent.ownerId,
        anchorId: parent.anchorId,
        searchVector: searchVectorSql(name, content) as unknown as string,
      };
    });
    const inserted = await db.insert(dnode).values(rows).returning({ id: dnode.id });
    await db.insert(dnodeRelation).values(
      inserted.map((row, k) => ({
        xnode: parent.id,
        ynode: row.id,
        relationName: "CHILD_NODE",
        yorder: start + k + 1,
        xorder: 1,
      })),
    );
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** After a bulk load: what the server's maintenance (db/maintenance.ts) or autovacuum does on a live database. */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
