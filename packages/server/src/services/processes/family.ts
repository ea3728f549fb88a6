import { type ProcessFamily, type ProcessNode, SUBPROCESS_RELATIONS } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";

// Advisory-lock namespace for process trees (1 and 2 are the ordered lists of services/graph/ordering.ts).
const PROCESS_TREE_LOCK = 3;
// Process chains deeper than this are cut (a guard against a loop, not a limit anyone meets).
const MAX_DEPTH = 1000;

const CHILD_LINKS = sql.raw(`(${SUBPROCESS_RELATIONS.map((r) => `'${r}'`).join(", ")})`);
const EXECUTING = sql.raw(`('running', 'sub_running')`);

interface Row {
  id: number;
  parent_id: number | null;
  content: Record<string, unknown>;
  depth?: number;
}

const toNode = (row: Row): ProcessNode => ({
  id: Number(row.id),
  parentId: row.parent_id === null ? null : Number(row.parent_id),
  state: row.content,
});

/**
 * The process and its process ancestors (a process's child processes are its PROCESS children under
 * SUBPROCESS or CHILD_NODE), nearest first, in one query.
 */
async function chainUp(tx: Tx, id: number): Promise<Row[]> {
  return queryRows<Row>(
    tx,
    sql`with recursive up(id, parent_id, content, main_relation, depth) as (
          select id, parent_id, content, main_relation, 0 from dnode where id = ${id} and type = 'PROCESS'
          union all
          select p.id, p.parent_id, p.content, p.main_relation, up.depth + 1
          from up join dnode p on p.id = up.parent_id
          where p.type = 'PROCESS' and up.main_relation in ${CHILD_LINKS} and up.depth < ${MAX_DEPTH})
        select id, parent_id, content, depth from up order by depth`,
  );
}

/**
 * Serialises every status change within one process tree — the top process, its siblings (they pause
 * one another) and everything below them — so two siblings started at the same moment leave exactly one
 * running. The key is the top process's parent (or the top itself). One lock per action: no order to
 * get wrong, no deadlock.
 */
export async function lockProcessTree(tx: Tx, id: number): Promise<void> {
  const chain = await chainUp(tx, id);
  const top = chain[chain.length - 1];
  if (!top) return;
  const key = top.parent_id === null ? Number(top.id) : Number(top.parent_id);
  await tx.execute(sql`select pg_advisory_xact_lock(${PROCESS_TREE_LOCK}, ${key})`);
}

/** Executing processes below these roots, walking down through executing ones only (the chain invariant). */
async function executingBelow(tx: Tx, roots: number[]): Promise<Row[]> {
  if (roots.length === 0) return [];
  return queryRows<Row>(
    tx,
    sql`with recursive down(id, parent_id, content, depth) as (
          select id, parent_id, content, 1 from dnode
          where parent_id = any(${`{${roots.join(",")}}`}::int[]) and type = 'PROCESS'
            and main_relation in ${CHILD_LINKS} and content->>'self_status' in ${EXECUTING}
          union all
          select c.id, c.parent_id, c.content, down.depth + 1 from down join dnode c on c.parent_id = down.id
          where c.type = 'PROCESS' and c.main_relation in ${CHILD_LINKS}
            and c.content->>'self_status' in ${EXECUTING} and down.depth < ${MAX_DEPTH})
        select id, parent_id, content from down`,
  );
}

/**
 * What the status machine needs about one process, read under the tree lock: its ancestors, its
 * executing siblings, what executes below it and below each of those siblings. Executing processes
 * always form chains from the top (a running process's ancestors are sub_running), so only executing
 * rows are read however many siblings and descendants there are.
 */
export async function loadFamily(
  tx: Tx,
  id: number,
): Promise<{ family: ProcessFamily; below: Map<number, ProcessNode[]> }> {
  const [target, ...ancestors] = (await chainUp(tx, id)).map(toNode);
  if (!target) throw new Error(`node ${id} is not a process`);
  const siblings =
    target.parentId === null
      ? []
      : (
          await queryRows<Row>(
            tx,
            sql`select id, parent_id, content from dnode
                where parent_id = ${target.parentId} and id <> ${id} and type = 'PROCESS'
                  and main_relation in ${CHILD_LINKS} and content->>'self_status' in ${EXECUTING}`,
          )
        ).map(toNode);
  const descendants = (await executingBelow(tx, [id])).map(toNode);
  const nephews = (
    await executingBelow(
      tx,
      siblings.map((s) => s.id),
    )
  ).map(toNode);
  const below = new Map<number, ProcessNode[]>();
  for (const sibling of siblings) below.set(sibling.id, descendantsOf(sibling.id, nephews));
  return { family: { target, ancestors, siblings, descendants }, below };
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
