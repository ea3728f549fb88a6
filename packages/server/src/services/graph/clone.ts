import { type DropLocation, MESSAGES } from "@zhishu/shared";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { oneRow } from "../../db/one-row";
import { dnode } from "../../db/schema";
import { badRequest } from "../../errors";
import { requireNode } from "../../policies/node-access";
import { defaultRelationUnder } from "./main-place";
import { insertRelation } from "./relation-rows";

/**
 * Copies the main-tree subtree of `sourceId` as new nodes, with the links among them, in three
 * statements whatever the subtree's size. Each copy remembers its source (src_id, src_version) so it
 * can later push to it and pull from it. Returns the id of the copy of the source.
 */
async function copySubtree(
  tx: Tx,
  userId: number,
  sourceId: number,
  ownerId: number,
  anchorId: number | null,
): Promise<number> {
  await tx.execute(
    sql`create temp table if not exists clone_map (old_id int primary key, new_id int not null) on commit drop`,
  );
  await tx.execute(sql`delete from clone_map`);
  await tx.execute(sql`
    with recursive sub(id) as (
      select ${sourceId}::int union select d.id from dnode d join sub on d.parent_id = sub.id),
    copies as (
      insert into dnode (name, type, content, main_relation, owner_id, creator_id, src_id, src_version, anchor_id, finished_at, search_vector)
      select d.name, d.type, d.content, d.main_relation, ${ownerId}, ${userId}, d.id, d.version, ${anchorId}, d.finished_at, d.search_vector
      from dnode d where d.id in (select id from sub)
      returning id, src_id)
    insert into clone_map (old_id, new_id) select src_id, id from copies`);
  // Parents and links inside the subtree point at the copies; links leaving it are not copied.
  await tx.execute(sql`
    update dnode c set parent_id = mp.new_id
    from clone_map m join dnode o on o.id = m.old_id join clone_map mp on mp.old_id = o.parent_id
    where c.id = m.new_id and m.old_id <> ${sourceId}`);
  await tx.execute(sql`
    insert into dnode_relation (xnode, ynode, relation_name, custom_relation, xorder, yorder, key, info, showed_side)
    select mx.new_id, my.new_id, r.relation_name, r.custom_relation, r.xorder, r.yorder, r.key, r.info, r.showed_side
    from dnode_relation r join clone_map mx on mx.old_id = r.xnode join clone_map my on my.old_id = r.ynode
    where not r.is_deleted`);
  const root = oneRow(
    await queryRows<{ new_id: number }>(tx, sql`select new_id from clone_map where old_id = ${sourceId}`),
  );
  return root.new_id;
}

/** POST /api/dnode/clone: a deep copy of the source placed under the target (read on source, write on target). */
export async function cloneNode(
  db: Db,
  userId: number,
  sourceId: number,
  targetId: number,
  relationName: string | undefined,
  location: DropLocation,
): Promise<number> {
  return db.transaction(async (tx) => {
    const source = await requireNode(tx, userId, sourceId, "read");
    if (source.type === "USER") throw badRequest(MESSAGES.userRootCannotBeCloned);
    const target = await requireNode(tx, userId, targetId, "write");
    const relation = relationName ?? defaultRelationUnder(target);
    if ((relation === "USER_ROOT") !== (target.type === "USER"))
      throw badRequest(MESSAGES.relationNotAllowedHere.replace("{relation}", relation));
    const startsTree = target.type === "USER";
    const copyId = await copySubtree(
      tx,
      userId,
      source.id,
      target.ownerId,
      startsTree ? null : target.anchorId,
    );
    if (startsTree) {
      await tx.execute(sql`
        with recursive sub(id) as (select ${copyId}::int union select d.id from dnode d join sub on d.parent_id = sub.id)
        update dnode set anchor_id = ${copyId} where id in (select id from sub)`);
    }
    await tx.update(dnode).set({ parentId: target.id, mainRelation: relation }).where(eq(dnode.id, copyId));
    await insertRelation(tx, {
      xnode: target.id,
      ynode: copyId,
      relationName: relation,
      beforeYnode: location.position === "before" ? location.before_node_id : null,
    });
    return copyId;
  });
}
