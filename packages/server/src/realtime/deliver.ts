import type { DnodeJson, ServerMessage } from "@zhishu/shared";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { type DnodeWithExtras, selectNodeRows } from "../db/node-rows";
import { dnodeRelation } from "../db/schema";
import { ranksOfUsers, rightsOfRank } from "../policies/node";
import { presentRelation } from "../presenters/relation";
import type { RelationRef } from "../services/events/write-transaction";
import { INHERITING_TYPES } from "../services/nodes/inheritance";
import { presentNodes } from "../services/nodes/read";
import { type LiveHub, type LiveSocket, send } from "./hub";

/**
 * A draft is never announced (people-spec 4 "Draft AskProcess"). Read from the raw status, as
 * my_processes reads it: statuses the timed-process machine does not know (delegated, from the
 * dialogue issue) are not drafts, where statusOf would call them one.
 */
const isDraft = (content: Record<string, unknown>) => (content.self_status ?? "draft") === "draft";

/** An event row as the bus reads it. */
export interface EventRow {
  id: number;
  origin: string | null;
  changes: Array<{
    kind: string;
    node_ids: number[];
    fields?: string[];
    relation_ids?: number[];
    relations?: RelationRef[];
  }>;
}

/** A message for one socket, built once the nodes it needs are presented for that socket's user. */
interface Outgoing {
  live: LiveSocket;
  origin: string | null;
  needs: number[];
  build: (nodes: Map<number, DnodeJson>) => ServerMessage | null;
}

/** The people a process concerns, who hear of it without watching it: owner, maker, target, delegates. */
function concernedUsers(row: DnodeWithExtras): number[] {
  const c = row.content;
  const ids = [row.ownerId, row.creatorId, c.target_user_id, c.requester_id, c.delegator_id];
  if (Array.isArray(c.persons)) ids.push(...c.persons);
  if (Array.isArray(c.participants)) ids.push(...c.participants);
  return [...new Set(ids.map(Number).filter((id) => Number.isInteger(id) && id > 0))];
}

/**
 * Turns a batch of committed events into messages for this server's sockets: node and relation updates
 * for the sockets watching the nodes, process messages for the people a process concerns (drafts never),
 * deletions for those who watched what was deleted. Rights are checked as the messages go out, one query
 * for every recipient and node of the whole batch, and each user gets the nodes as they may see them.
 * The tab that made a change gets no echo of it.
 */
export async function deliverEvents(db: Db, hub: LiveHub, events: EventRow[]): Promise<void> {
  if (hub.size === 0 || events.length === 0) return;
  const changedNodes = new Map<number, { created: boolean; fields: Set<string>; origin: string | null }>();
  const deleted = new Map<number, string | null>();
  const relationIds = new Map<number, { action: "created" | "updated"; origin: string | null }>();
  const goneLinks: Array<{ ref: RelationRef; origin: string | null }> = [];
  for (const event of events) {
    for (const change of event.changes) {
      if (change.kind === "node_deleted") {
        for (const id of change.node_ids) deleted.set(id, event.origin);
        for (const ref of change.relations ?? []) goneLinks.push({ ref, origin: event.origin });
      } else if (change.kind.startsWith("node_")) {
        for (const id of change.node_ids) {
          const entry = changedNodes.get(id) ?? { created: false, fields: new Set(), origin: event.origin };
          entry.created ||= change.kind === "node_created";
          for (const f of change.fields ?? []) entry.fields.add(f);
          entry.origin = event.origin;
          changedNodes.set(id, entry);
        }
      } else if (change.kind === "relation_deleted") {
        for (const ref of change.relations ?? []) goneLinks.push({ ref, origin: event.origin });
      } else {
        const action = change.kind === "relation_created" ? "created" : "updated";
        for (const id of change.relation_ids ?? []) relationIds.set(id, { action, origin: event.origin });
      }
    }
  }
  for (const id of deleted.keys()) changedNodes.delete(id);

  const relations = relationIds.size
    ? await db
        .select()
        .from(dnodeRelation)
        .where(inArray(dnodeRelation.id, [...relationIds.keys()]))
    : [];
  const rowIds = new Set([...changedNodes.keys(), ...relations.flatMap((r) => [r.xnode, r.ynode])]);
  const rows = new Map((await selectNodeRows(db, [...rowIds])).map((row) => [row.id, row]));

  const out: Outgoing[] = [];
  for (const [id, change] of changedNodes) {
    const row = rows.get(id);
    if (!row) continue;
    const isProcess = row.type === "PROCESS";
    const fields = [...change.fields];
    const message = (nodes: Map<number, DnodeJson>): ServerMessage | null => {
      const dnode = nodes.get(id);
      if (!dnode) return null;
      if (!isProcess) return { type: "node_updated", dnode, fields };
      return change.created ? { type: "process_created", dnode } : { type: "process_updated", dnode, fields };
    };
    const recipients = hub.watching([id]);
    if (isProcess && !isDraft(row.content))
      for (const live of hub.ofUsers(concernedUsers(row))) recipients.add(live);
    for (const live of recipients) out.push({ live, origin: change.origin, needs: [id], build: message });
  }
  for (const relation of relations) {
    const { action, origin } = relationIds.get(relation.id)!;
    const json = presentRelation(relation);
    for (const live of hub.watching([relation.xnode, relation.ynode])) {
      const other = live.subscriptions.has(relation.xnode) ? relation.ynode : relation.xnode;
      out.push({
        live,
        origin,
        needs: [relation.xnode, other],
        build: (nodes) => {
          // The link is its x side's: a reader of that side sees it, with the node at the other end.
          if (!nodes.has(relation.xnode)) return null;
          const dnode = nodes.get(other);
          return { type: "relation_updated", action, relation: json, ...(dnode ? { dnode } : {}) };
        },
      });
    }
  }
  for (const { ref, origin } of goneLinks) {
    for (const live of hub.watching([ref.xnode, ref.ynode])) {
      out.push({
        live,
        origin,
        needs: [],
        build: () => ({ type: "relation_updated", action: "deleted", relation: ref }),
      });
    }
  }
  const deletedIds = [...deleted.keys()];
  for (const live of hub.watching(deletedIds)) {
    const seen = deletedIds.filter((id) => live.subscriptions.has(id) && deleted.get(id) !== live.clientId);
    // Only those who watched a node (and could read it when they subscribed) hear it is gone.
    if (seen.length) send(live, { type: "nodes_deleted", node_ids: seen });
  }

  const pending = out.filter((item) => item.origin === null || item.origin !== item.live.clientId);
  const nodesFor = await presentForRecipients(
    db,
    rows,
    [...new Set(pending.map((item) => item.live.userId))],
    [...new Set(pending.flatMap((item) => item.needs))],
  );
  for (const item of pending) {
    const message = item.build(await nodesFor(item.live.userId));
    if (message) send(item.live, message);
  }
}

const ALL_RIGHTS = { read: true, write: true, admin: true };

/** Nodes whose JSON depends on who reads them, beyond the rights: presented once per reader. */
const presentedPerReader = (row: { type: string }) =>
  INHERITING_TYPES.has(row.type) || row.type === "DIALOGUE";

/**
 * The nodes of a batch as each recipient may see them: one rights query for every recipient and node
 * together (a share withdrawn a moment ago stops updates at once), each node presented once and given
 * each reader's own rights. A concept, class or instance lists inherited groups filtered by its reader's
 * rights, and a dialogue carries its reader's own unread count, title and mode (dialogues/reader-fields),
 * so those alone are presented per reader.
 */
async function presentForRecipients(
  db: Db,
  rows: Map<number, DnodeWithExtras>,
  userIds: number[],
  nodeIds: number[],
): Promise<(userId: number) => Promise<Map<number, DnodeJson>>> {
  const ranks = await ranksOfUsers(db, userIds, nodeIds);
  const rankOf = (userId: number, id: number) => ranks.get(userId)?.get(id) ?? 0;
  const readSomewhere = nodeIds
    .map((id) => rows.get(id))
    .filter((row) => row !== undefined)
    .filter((row) => userIds.some((userId) => rankOf(userId, row.id) >= 1));
  const shared = readSomewhere.filter((row) => !presentedPerReader(row));
  const presented = new Map(
    (
      await presentNodes(db, null, shared, { rights: new Map(shared.map((row) => [row.id, ALL_RIGHTS])) })
    ).map((json) => [json.id, json]),
  );
  const perReader = readSomewhere.filter(presentedPerReader);
  const seen = new Map<number, Promise<Map<number, DnodeJson>>>();
  const forReader = async (userId: number) => {
    const nodes = new Map<number, DnodeJson>();
    for (const [id, json] of presented)
      if (rankOf(userId, id) >= 1) nodes.set(id, { ...json, permissions: rightsOfRank(rankOf(userId, id)) });
    const own = perReader.filter((row) => rankOf(userId, row.id) >= 1);
    if (own.length > 0) {
      const rights = new Map(own.map((row) => [row.id, rightsOfRank(rankOf(userId, row.id))]));
      for (const json of await presentNodes(db, userId, own, { rights })) nodes.set(json.id, json);
    }
    return nodes;
  };
  // Once per reader, however many of their sockets receive the batch.
  return (userId) => {
    const known = seen.get(userId) ?? forReader(userId);
    seen.set(userId, known);
    return known;
  };
}
