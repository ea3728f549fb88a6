import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { rightsOnIds } from "../../policies/node";
import { idList, RELATION_HEAD_LIMIT, type RelationGroup } from "../graph/relation-groups";

/** Node types that take part in concept inheritance. */
export const INHERITING_TYPES = new Set(["CONCEPT", "CLASS", "INSTANCE"]);

/** SQL selecting, for each of the nodes, its parent concepts one step up (several sources, one meaning). */
const parentConceptsOf = (ids: number[]) => sql`
  select d.id as child, p.parent from dnode d cross join lateral (
    select r.ynode as parent from dnode_relation r where r.xnode = d.id and r.relation_name = 'PARENT_CONCEPT' and not r.is_deleted
    union select r.xnode from dnode_relation r where r.ynode = d.id and r.relation_name = 'INSTANCE' and not r.is_deleted
    union select (d.content->>'class_id')::int where d.content->>'class_id' ~ '^[0-9]{1,9}$'
    union select e::int from jsonb_array_elements_text(case when jsonb_typeof(d.content->'parent_concepts') = 'array'
                  then d.content->'parent_concepts' else '[]'::jsonb end) e where e ~ '^[0-9]{1,9}$'
  ) p where d.id in ${idList(ids)} and p.parent is not null`;

// Concept hierarchies deeper than this are cut (a guard against loops, not a limit anyone meets).
const MAX_DEPTH = 10;

/** The groups a node inherits (workspace-spec 9 "Inherited groups"): RULE, PROPERTY, METHOD, DEF and pv_ groups. */
const INHERITED = sql`(r.relation_name in ('RULE', 'PROPERTY', 'METHOD', 'DEF') or r.relation_name ~ '^pv_[0-9]+$')`;

/** The ids among these that the caller may read. */
async function readableOnly(db: Db | Tx, userId: number | null, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rights = await rightsOnIds(db, userId, ids);
  return ids.filter((id) => rights.get(id)?.read);
}

export interface Inheritance {
  /** Every inherited node, nearest concept first. */
  inheritances: RelationGroup;
  /** The same, grouped by relation name. */
  byName: Record<string, RelationGroup>;
}

/**
 * What each concept, class or instance inherits from its parent concepts (transitively), seen by one
 * caller: only concepts the caller may read pass anything on, and only items the caller may read are
 * listed (a class_id or parent_concepts naming someone else's private concept reveals nothing). Two
 * queries for any number of nodes, and a rights query for the concepts and items found.
 */
export async function inheritedGroups(
  db: Db | Tx,
  userId: number | null,
  nodes: Array<{ id: number; type: string }>,
): Promise<Map<number, Inheritance>> {
  const result = new Map<number, Inheritance>();
  const ids = nodes.filter((n) => INHERITING_TYPES.has(n.type)).map((n) => n.id);
  if (ids.length === 0) return result;
  const ancestors = await queryRows<{ node: number; concept: number; depth: number }>(
    db,
    sql`with recursive up(node, concept, depth) as (
          select child, parent, 1 from (${parentConceptsOf(ids)}) s
          union
          select up.node, p.parent, up.depth + 1 from up
          cross join lateral (
            select r.ynode as parent from dnode_relation r where r.xnode = up.concept and r.relation_name = 'PARENT_CONCEPT' and not r.is_deleted
          ) p where up.depth < ${MAX_DEPTH})
        select node, concept, min(depth)::int as depth from up where node <> concept group by node, concept`,
  );
  if (ancestors.length === 0) return result;
  const conceptIds = await readableOnly(db, userId, [...new Set(ancestors.map((a) => a.concept))]);
  if (conceptIds.length === 0) return result;
  const allItems = await queryRows<{ concept: number; relation_name: string; ynode: number; id: number }>(
    db,
    sql`select r.xnode as concept, r.relation_name, r.ynode, r.id from dnode_relation r
        where r.xnode in ${idList(conceptIds)} and not r.is_deleted and ${INHERITED}
        order by r.relation_name, r.yorder, r.id`,
  );
  const readableItems = new Set(await readableOnly(db, userId, [...new Set(allItems.map((i) => i.ynode))]));
  const items = allItems.filter((item) => readableItems.has(item.ynode));
  const byConcept = new Map<number, typeof items>();
  for (const item of items) byConcept.set(item.concept, [...(byConcept.get(item.concept) ?? []), item]);
  const byNode = new Map<number, Array<{ concept: number; depth: number }>>();
  for (const a of ancestors) byNode.set(a.node, [...(byNode.get(a.node) ?? []), a]);
  for (const [node, list] of byNode) {
    const all: RelationGroup = { size: 0, head: [], dict: {} };
    const byName: Record<string, RelationGroup> = {};
    for (const { concept } of list.sort((a, b) => a.depth - b.depth || a.concept - b.concept)) {
      for (const item of byConcept.get(concept) ?? []) {
        const named = byName[item.relation_name] ?? { size: 0, head: [], dict: {} };
        byName[item.relation_name] = named;
        for (const group of [all, named]) {
          if (group.dict[item.ynode] !== undefined) continue;
          group.size++;
          if (group.head.length < RELATION_HEAD_LIMIT) group.head.push(item.ynode);
          group.dict[item.ynode] = item.id;
        }
      }
    }
    if (all.size > 0) result.set(node, { inheritances: all, byName });
  }
  return result;
}
