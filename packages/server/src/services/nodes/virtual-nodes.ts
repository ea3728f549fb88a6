import { and, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { dnode } from "../../db/schema";
import { readableSql, rightsOnIds } from "../../policies/node";
import { requireNode } from "../../policies/node-access";
import { idList } from "../graph/relation-groups";
import { inheritedGroups } from "./inheritance";

// The class list feeds the name-prefix parser on the client; past this many it is cut.
const MAX_CLASSES = 2000;

/** GET /api/virtual_dnodes/all_classes/: every concept and class the caller may read, for prefix lookups. */
export async function allClasses(db: Db, userId: number) {
  const rows = await db
    .select({
      id: dnode.id,
      name: dnode.name,
      type: dnode.type,
      tag: sql<string | null>`${dnode.content}->>'tag'`,
    })
    .from(dnode)
    .where(and(readableSql(userId), sql`${dnode.type} in ('CONCEPT', 'CLASS')`))
    .orderBy(dnode.name, dnode.id)
    .limit(MAX_CLASSES);
  return rows;
}

/**
 * GET /api/virtual_dnodes/dnode_services/{id}/: the services a node offers (the virtual relation
 * CONCEPT_DNODE_SERVICE): the METHOD nodes hung on it and on the concepts it inherits from.
 */
export async function nodeServices(db: Db, userId: number, id: number) {
  const node = await requireNode(db, userId, id, "read");
  const inherited = (await inheritedGroups(db, userId, [node])).get(id)?.byName.METHOD?.head ?? [];
  const own = await queryRows<{ ynode: number }>(
    db,
    sql`select ynode from dnode_relation where xnode = ${id} and relation_name = 'METHOD' and not is_deleted order by yorder`,
  );
  // A method linked here from a tree the caller cannot read (read once, since withdrawn) stays unnamed.
  const linked = [...new Set([...own.map((r) => r.ynode), ...inherited])];
  const rights = await rightsOnIds(db, userId, linked);
  const ids = linked.filter((mid) => rights.get(mid)?.read);
  if (ids.length === 0) return [];
  const methods = await queryRows<{ id: number; name: string; service_name: string | null }>(
    db,
    sql`select id, name, content->>'service_name' as service_name from dnode where id in ${idList(ids)}`,
  );
  const byId = new Map(methods.map((m) => [m.id, m]));
  return ids
    .map((mid) => byId.get(mid))
    .filter((m) => m !== undefined)
    .map((m) => ({ id: m.id, name: m.name, service_name: m.service_name ?? m.name }));
}
