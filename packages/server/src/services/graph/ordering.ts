import { MESSAGES, MIN_ORDER_GAP, orderBetween } from "@zhishu/shared";
import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";
import { badRequest } from "../../errors";

/**
 * One ordered list of a node. Side "y": its children under the name (relations with xnode = node,
 * ordered by yorder), the groups a page shows as NAME. Side "x": the nodes that hold it as their y side
 * (relations with ynode = node, ordered by xorder), the groups a page shows as x__NAME.
 */
export interface OrderedList {
  side: "x" | "y";
  node: number;
  relationName: string;
}

// The columns a list is read through: whose list it is, who sits in it, and the order column.
const COLUMNS = {
  y: { own: sql.raw("xnode"), member: sql.raw("ynode"), order: sql.raw("yorder") },
  x: { own: sql.raw("ynode"), member: sql.raw("xnode"), order: sql.raw("xorder") },
} as const;

// Advisory-lock namespaces: the y-side lists of a node, and its x-side lists.
const LOCK_CLASS = { y: 1, x: 2 } as const;

/**
 * Serialises every insert and move into the given lists until the transaction ends (PostgreSQL and
 * PGlite). Locks are taken in one global order (side, then node), so two transactions that each take
 * all their locks through one call can never deadlock on them.
 */
export async function lockLists(tx: Tx, lists: Pick<OrderedList, "side" | "node">[]): Promise<void> {
  const keys = [...new Set(lists.map((l) => `${LOCK_CLASS[l.side]}:${l.node}`))]
    .map((key) => key.split(":").map(Number) as [number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [lockClass, node] of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}, ${node})`);
  }
}

interface OrderRow {
  id: number;
  ord: number;
}

/** The list's live rows, as a where clause. */
const inList = (list: OrderedList): SQL => {
  const c = COLUMNS[list.side];
  return sql`${c.own} = ${list.node} and relation_name = ${list.relationName} and not is_deleted`;
};

async function neighbours(tx: Tx, list: OrderedList, before: number | null) {
  const { member, order } = COLUMNS[list.side];
  if (before === null) {
    const [last] = await queryRows<{ ord: number | null }>(
      tx,
      sql`select max(${order}) as ord from dnode_relation where ${inList(list)}`,
    );
    return { prev: last?.ord ?? null, next: null, nextRow: null };
  }
  const [next] = await queryRows<OrderRow>(
    tx,
    sql`select id, ${order} as ord from dnode_relation where ${inList(list)} and ${member} = ${before}`,
  );
  if (!next) throw badRequest(MESSAGES.nextNodeNotSibling);
  const [prev] = await queryRows<{ ord: number }>(
    tx,
    sql`select ${order} as ord from dnode_relation where ${inList(list)}
          and (${order}, id) < (${next.ord}, ${next.id})
        order by ${order} desc, id desc limit 1`,
  );
  return { prev: prev?.ord ?? null, next: next.ord, nextRow: next };
}

/** Renumbers the list 1..n in its current order, in one statement. */
export async function renumber(tx: Tx, list: OrderedList): Promise<void> {
  const { order } = COLUMNS[list.side];
  await tx.execute(sql`
    update dnode_relation r set ${order} = s.rn
    from (select id, row_number() over (order by ${order}, id) as rn from dnode_relation
          where ${inList(list)}) s
    where r.id = s.id`);
}

// A respread must leave gaps well above the minimum, or the next few inserts would respread again.
const RESPREAD_MIN_GAP = MIN_ORDER_GAP * 10;
const FIRST_HALF_WINDOW = 32;
const LAST_HALF_WINDOW = 4096;

/**
 * Makes room before `next` by spreading the rows around it evenly between the rows just outside a
 * window (64 rows, doubling while too dense), so a crowded spot costs a few dozen row updates instead of
 * renumbering a 10,000-row list. Returns the order left free for the new row, or null when even the
 * widest window is too dense (then the caller renumbers the whole list).
 */
async function respreadBefore(tx: Tx, list: OrderedList, next: OrderRow): Promise<number | null> {
  const { order } = COLUMNS[list.side];
  for (let half = FIRST_HALF_WINDOW; half <= LAST_HALF_WINDOW; half *= 2) {
    const [before, after] = await Promise.all([
      queryRows<OrderRow>(
        tx,
        sql`select id, ${order} as ord from dnode_relation where ${inList(list)}
            and (${order}, id) < (${next.ord}, ${next.id}) order by ${order} desc, id desc limit ${half + 1}`,
      ),
      queryRows<OrderRow>(
        tx,
        sql`select id, ${order} as ord from dnode_relation where ${inList(list)}
            and (${order}, id) >= (${next.ord}, ${next.id}) order by ${order}, id limit ${half + 1}`,
      ),
    ]);
    const left = before.slice(0, half).reverse();
    const right = after.slice(0, half);
    // Bounds: the first row outside the window on each side, or room made past the list's end.
    // With no row on a side, the window ends at `next` itself (first - 1, last + 1 as usual).
    const low = before[half]?.ord ?? (left[0]?.ord ?? next.ord) - 1;
    const high = after[half]?.ord ?? (right[right.length - 1]?.ord ?? next.ord) + 1;
    const slots = left.length + right.length + 1;
    const gap = (high - low) / (slots + 1);
    if (gap < RESPREAD_MIN_GAP) continue;
    const placed = [...left, null, ...right].map((row, i) => ({ row, ord: low + gap * (i + 1) }));
    const moves = placed.filter((p): p is { row: OrderRow; ord: number } => p.row !== null);
    await tx.execute(
      sql`update dnode_relation r set ${order} = v.ord from (values ${sql.join(
        moves.map((m) => sql`(${m.row.id}::int, ${m.ord}::double precision)`),
        sql`, `,
      )}) as v(id, ord) where r.id = v.id`,
    );
    // The new row's slot is the one between the left and the right rows.
    return low + gap * (left.length + 1);
  }
  return null;
}

/**
 * The order for a new member of the list: before the member `before` (a ynode on side y, an xnode on
 * side x) or at the end. Call after lockLists. When the gap has worn out, the neighbourhood is respread;
 * only a list dense everywhere is renumbered whole (DESIGN.md "Ordering").
 */
export async function orderForInsert(tx: Tx, list: OrderedList, before: number | null): Promise<number> {
  const first = await neighbours(tx, list, before);
  const order = orderBetween(first.prev, first.next);
  if (order !== null) return order;
  const respread = await respreadBefore(tx, list, first.nextRow!);
  if (respread !== null) return respread;
  await renumber(tx, list);
  const second = await neighbours(tx, list, before);
  return orderBetween(second.prev, second.next) ?? 1;
}
