import type { DnodeJson } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { loadNodeRows, requireNode } from "../../policies/node-access";
import { presentNodes } from "../nodes/read";

// A guard against a cycle in parent links, far beyond any real tree's depth.
const MAX_DEPTH = 10_000;

/** GET /api/data/{id}/path: the node's ancestors along main-tree parents, root first, without the node. */
export async function ancestorPath(db: Db, userId: number | null, id: number): Promise<DnodeJson[]> {
  await requireNode(db, userId, id, "read");
  const rows = await queryRows<{ id: number; depth: number }>(
    db,
    sql`with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from dnode where id = ${id}
          union all
          select d.id, d.parent_id, up.depth + 1 from dnode d join up on d.id = up.parent_id
          where up.depth < ${MAX_DEPTH})
        select id, depth from up where depth > 0 order by depth desc`,
  );
  const nodes = await loadNodeRows(
    db,
    rows.map((r) => r.id),
    userId,
  );
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const ordered = rows.map((r) => byId.get(r.id)).filter((n) => n !== undefined);
  return presentNodes(db, userId, ordered);
}
