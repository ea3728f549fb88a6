import { type ProcessFamily, type ProcessNode, SUBPROCESS_RELATIONS } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";
import type { EditedRow } from "../nodes/write";

// Advisory-lock namespace for process trees (1 and 2 are the ordered lists of services/graph/ordering.ts).
const PROCESS_TREE_LOCK = 3;
// Process chains deeper than this are cut (a guard against a loop, not a limit anyone meets).
const MAX_DEPTH = 1000;

const CHILD_LINKS = sql.raw(`(${SUBPROCESS_RELATIONS.map((r) => `'${r}'`).join(", ")})`);
const EXECUTING = sql.raw(`('running', 'sub_running')`);

/** The process and its process ancestors (a process's child processes are its PROCESS children under
 * SUBPROCESS or CHILD_NODE), nearest first, as a recursive CTE named `up`. */
const chainUp = (id: number) => sql`up(id, parent_id, main_relation, depth) as (
    select id, parent_id, main_relation, 0 from dnode where id = ${id} and type = 'PROCESS'
    union all
    select p.id, p.parent_id, p.main_relation, up.depth + 1
    from up join dnode p on p.id = up.parent_id
    where p.type = 'PROCESS' and up.main_relation in ${CHILD_LINKS} and up.depth < ${MAX_DEPTH})`;

/**
 * Serialises every status change within one process tree — the top process, its siblings (they pause
 * one another) and everything below them — so two siblings started at the same moment leave exactly one
 * running. The key is the top process's parent (or the top itself). One lock per action: no order to
 * get wrong, no deadlock. The chain is walked and the lock taken in one statement; what the action reads
 * is read after it (`loadFamily`), so it sees whatever the previous holder committed.
 */
export async function lockProcessTree(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`with recursive ${chainUp(id)}
    select pg_advisory_xact_lock(${PROCESS_TREE_LOCK},
      (select coalesce(parent_id, id) from up order by depth desc limit 1))`);
}

/** How a row of the family read relates to the process acted on. */
type Role = "chain" | "sibling" | "below" | "nephew";

interface Row {
  role: Role;
  id: number;
  parent_id: number | null;
  name: string;
  type: string;
  content: Record<string, unknown>;
  version: number;
  finished_at: Date | string | null;
  anchor_id: number | null;
  depth: number;
}

const toNode = (row: Row): ProcessNode => ({
  id: Number(row.id),
  parentId: row.parent_id === null ? null : Number(row.parent_id),
  state: row.content,
});

const toEdited = (row: Row): EditedRow => ({
  id: Number(row.id),
  name: row.name,
  type: row.type,
  content: row.content,
  version: Number(row.version),
  finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  anchorId: row.anchor_id === null ? null : Number(row.anchor_id),
});

/** What the status machine reads, and the rows it may write (locked, for the one writer). */
export interface LoadedFamily {
  family: ProcessFamily;
  below: Map<number, ProcessNode[]>;
  rows: Map<number, EditedRow>;
}

/**
 * What the status machine needs about one process, read under the tree lock in one statement: its
 * ancestors, its executing siblings, what executes below it and below each of those siblings, every row
 * locked for update. Executing processes always form chains from the top (a running process's ancestors
 * are sub_running), so only executing rows are read however many siblings and descendants there are.
 */
export async function loadFamily(tx: Tx, id: number): Promise<LoadedFamily> {
  const rows = await queryRows<Row>(
    tx,
    sql`with recursive ${chainUp(id)},
      target as (select parent_id from up where depth = 0),
      siblings as (
        select s.id from dnode s, target t
        where s.parent_id = t.parent_id and s.id <> ${id} and s.type = 'PROCESS'
          and s.main_relation in ${CHILD_LINKS} and s.content->>'self_status' in ${EXECUTING}),
      down(id, root, depth) as (
        select c.id, c.parent_id, 1 from dnode c
        where c.parent_id in (select ${id}::int union all select id from siblings) and c.type = 'PROCESS'
          and c.main_relation in ${CHILD_LINKS} and c.content->>'self_status' in ${EXECUTING}
        union all
        select c.id, down.root, down.depth + 1 from down join dnode c on c.parent_id = down.id
        where c.type = 'PROCESS' and c.main_relation in ${CHILD_LINKS}
          and c.content->>'self_status' in ${EXECUTING} and down.depth < ${MAX_DEPTH}),
      family(id, role, depth) as (
        select id, 'chain', depth from up
        union all select id, 'sibling', 0 from siblings
        union all select id, case when root = ${id} then 'below' else 'nephew' end, depth from down)
    select f.role, f.depth, d.id, d.parent_id, d.name, d.type, d.content, d.version, d.finished_at, d.anchor_id
    from family f join dnode d on d.id = f.id
    order by d.id
    for update of d`,
  );
  const chain = rows.filter((r) => r.role === "chain").sort((a, b) => a.depth - b.depth);
  const [target, ...ancestors] = chain.map(toNode);
  if (!target) throw new Error(`node ${id} is not a process`);
  const of = (role: Role) => rows.filter((r) => r.role === role).map(toNode);
  const siblings = of("sibling");
  const nephews = of("nephew");
  const below = new Map<number, ProcessNode[]>();
  for (const sibling of siblings) below.set(sibling.id, descendantsOf(sibling.id, nephews));
  return {
    family: { target, ancestors, siblings, descendants: of("below") },
    below,
    rows: new Map(rows.map((r) => [Number(r.id), toEdited(r)])),
  };
}

/** The nodes among `pool` below `rootId`. */
function descendantsOf(rootId: number, pool: ProcessNode[]): ProcessNode[] {
  const found: ProcessNode[] = [];
  const open = [rootId];
  while (open.length > 0) {
    const parent = open.pop();
    for (const node of pool) {
      if (node.parentId !== parent) continue;
      found.push(node);
      open.push(node.id);
    }
  }
  return found;
}
