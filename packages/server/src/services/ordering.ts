import { MESSAGES, MIN_ORDER_GAP, orderBetween } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../db/client";
import { badRequest } from "../errors";

// Advisory-lock namespace for "the ordered list of x's children under one relation name".
const ORDER_LOCK_CLASS = 1;

/** Serialises every insert and move into x's child lists until the transaction ends (PostgreSQL and PGlite). */
export async function lockChildList(tx: Tx, xnode: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK_CLASS}, ${xnode})`);
}

async function neighbours(tx: Tx, xnode: number, relationName: string, beforeYnode: number | null) {
  if (beforeYnode === null) {
    const [last] = await queryRows<{ yorder: number | null }>(
      tx,
      sql`select max(yorder) as yorder from dnode_relation
          where xnode = ${xnode} and relation_name = ${relationName} and not is_deleted`,
    );
    return { prev: last?.yorder ?? null, next: null, nextRow: null };
  }
  const [next] = await queryRows<{ id: number; yorder: number }>(
    tx,
    sql`select id, yorder from dnode_relation
        where xnode = ${xnode} and relation_name = ${relationName} and ynode = ${beforeYnode} and not is_deleted`,
  );
  if (!next) throw badRequest(MESSAGES.nextNodeNotSibling);
  const [prev] = await queryRows<{ yorder: number }>(
    tx,
    sql`select yorder from dnode_relation
        where xnode = ${xnode} and relation_name = ${relationName} and not is_deleted
          and (yorder, id) < (${next.yorder}, ${next.id})
        order by yorder desc, id desc limit 1`,
  );
  return { prev: prev?.yorder ?? null, next: next.yorder, nextRow: next };
}

/** Renumbers x's children under the relation 1..n in their current order, in one statement. */
export async function renumber(tx: Tx, xnode: number, relationName: string): Promise<void> {
  await tx.execute(sql`
    update dnode_relation r set yorder = s.rn
    from (select id, row_number() over (order by yorder, id) as rn from dnode_relation
          where xnode = ${xnode} and relation_name = ${relationName} and not is_deleted) s
    where r.id = s.id`);
}

interface OrderRow {
  id: number;
  yorder: number;
}

// A respread must leave gaps well above the minimum, or the next few inserts would respread again.
const RESPREAD_MIN_GAP = MIN_ORDER_GAP * 10;
const FIRST_HALF_WINDOW = 32;
const LAST_HALF_WINDOW = 4096;

/**
 * Makes room before `next` by spreading the rows around it evenly between the rows just outside a
 * window (64 rows, doubling while too dense), so a crowded spot costs a few dozen row updates instead of
 * renumbering a 10,000-child list. Returns the order left free for the new row, or null when even the
 * widest window is too dense (then the caller renumbers the whole list).
 */
async function respreadBefore(
  tx: Tx,
  xnode: number,
  relationName: string,
  next: OrderRow,
): Promise<number | null> {
  for (let half = FIRST_HALF_WINDOW; half <= LAST_HALF_WINDOW; half *= 2) {
    const [before, after] = await Promise.all([
      queryRows<OrderRow>(
        tx,
        sql`select id, yorder from dnode_relation where xnode = ${xnode} and relation_name = ${relationName} and not is_deleted
            and (yorder, id) < (${next.yorder}, ${next.id}) order by yorder desc, id desc limit ${half + 1}`,
      ),
      queryRows<OrderRow>(
        tx,
        sql`select id, yorder from dnode_relation where xnode = ${xnode} and relation_name = ${relationName} and not is_deleted
            and (yorder, id) >= (${next.yorder}, ${next.id}) order by yorder, id limit ${half + 1}`,
      ),
    ]);
    const left = before.slice(0, half).reverse();
    const right = after.slice(0, half);
    // Bounds: the first row outside the window on each side, or room made past the list's end.
    const low = before.length > half ? before[half].yorder : left[0].yorder - 1;
    const high = after.length > half ? after[half].yorder : right[right.length - 1].yorder + 1;
    const slots = left.length + right.length + 1;
    const gap = (high - low) / (slots + 1);
    if (gap < RESPREAD_MIN_GAP) continue;
    const placed = [...left, null, ...right].map((row, i) => ({ row, yorder: low + gap * (i + 1) }));
    const moves = placed.filter((p): p is { row: OrderRow; yorder: number } => p.row !== null);
    await tx.execute(
      sql`update dnode_relation r set yorder = v.yorder from (values ${sql.join(
        moves.map((m) => sql`(${m.row.id}::int, ${m.yorder}::double precision)`),
        sql`, `,
      )}) as v(id, yorder) where r.id = v.id`,
    );
    return placed[left.length].yorder;
  }
  return null;
}

/**
 * The yorder for a new child of x under the relation: before `beforeYnode` or at the end.
 * Call after lockChildList. When the gap has worn out, the neighbourhood is respread; only a list dense
 * everywhere is renumbered whole (DESIGN.md "Ordering").
 */
export async function orderForInsert(
  tx: Tx,
  xnode: number,
  relationName: string,
  beforeYnode: number | null,
): Promise<number> {
  const first = await neighbours(tx, xnode, relationName, beforeYnode);
  const order = orderBetween(first.prev, first.next);
  if (order !== null) return order;
  const respread = await respreadBefore(tx, xnode, relationName, first.nextRow!);
  if (respread !== null) return respread;
  await renumber(tx, xnode, relationName);
  const second = await neighbours(tx, xnode, relationName, beforeYnode);
  return orderBetween(second.prev, second.next) ?? 1;
}

/** The xorder for a new parent link of y: after its existing parents under the relation. */
export async function nextXorder(tx: Tx, ynode: number, relationName: string): Promise<number> {
  const [row] = await queryRows<{ xorder: number | null }>(
    tx,
    sql`select max(xorder) as xorder from dnode_relation
        where ynode = ${ynode} and relation_name = ${relationName} and not is_deleted`,
  );
  return (row?.xorder ?? 0) + 1;
}
