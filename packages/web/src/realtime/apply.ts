import type { QueryClient } from "@tanstack/react-query";
import type { DnodeJson, ServerMessage } from "@zhishu/shared";
import { dialogueNodesChanged } from "../entities/dialogue/live";
import { useNodes } from "../entities/dnode/store";
import type { Dnode } from "../entities/dnode/types";
import { userKeys } from "../entities/user/queries";
import { renameTab } from "../features/tabs/tab-model";
import { useTabs } from "../features/tabs/tab-store";
import type { ListSync, ListSyncController } from "./list-sync";
import { appendChunk, streamDone } from "./streaming";

export interface ApplyContext {
  controller: ListSyncController;
  lists: ListSync;
  queryClient: QueryClient;
}

/** A link as a live message names it (a full record, or a reference once deleted). */
interface LinkRef {
  xnode: number;
  ynode: number;
  relation_name: string;
}

/**
 * Lands live messages in the one node cache, so every open view updates by itself: nodes go through
 * the controller's `receive` (a node with unsaved edits keeps them; an older version never replaces a
 * newer one); lists change through ListSync; what reads through TanStack Query (node pages' fetches,
 * link previews, breadcrumbs) is marked stale or patched; tabs take a new name.
 */
export function applyLiveMessage(message: ServerMessage, ctx: ApplyContext): void {
  switch (message.type) {
    case "node_updated":
    case "process_created":
      nodesChanged([message.dnode], ctx);
      return;
    case "process_updated":
      nodesChanged([message.dnode, ...(message.node_updates ?? [])], ctx);
      for (const relation of message.relation_updates ?? []) linkChanged("updated", relation, ctx);
      return;
    case "relation_updated":
      if (message.dnode) nodesChanged([message.dnode], ctx);
      linkChanged(message.action, message.relation, ctx);
      return;
    case "nodes_deleted":
      ctx.lists.removeEverywhere(message.node_ids);
      // A page showing a deleted node asks again and says it is gone.
      for (const id of message.node_ids) void ctx.queryClient.invalidateQueries({ queryKey: ["dnode", id] });
      return;
    case "stream_chunk":
      appendChunk(message.node_id, message.text);
      return;
    case "stream_done":
      streamDone(message.node_id);
      void ctx.queryClient.invalidateQueries({ queryKey: ["dnode", message.node_id], refetchType: "none" });
      return;
    default:
      // task_update and the per-task channel's messages have no view in this tab yet.
      return;
  }
}

/** Nodes changed elsewhere: the cache takes those it holds; queries and tabs follow. */
export function nodesChanged(nodes: DnodeJson[], ctx: ApplyContext): void {
  const held = useNodes.getState().nodes;
  const known = nodes.filter((node) => held[node.id]) as unknown as Dnode[];
  if (known.length) ctx.controller.receive(known);
  dialogueNodesChanged(nodes, ctx.queryClient);
  // A friend request sent or decided changes who waits on /friends, friend lists and counts.
  if (nodes.some((node) => node.content?.xtype === "FriendRequestProcess"))
    void ctx.queryClient.invalidateQueries({ queryKey: userKeys.all });
  for (const node of nodes) {
    // Not refetched now (the store already shows it): read fresh the next time a view mounts.
    void ctx.queryClient.invalidateQueries({ queryKey: ["dnode", node.id], refetchType: "none" });
    ctx.queryClient.setQueriesData<Dnode[]>({ queryKey: ["dnode-path"] }, (path) =>
      path?.some((n) => n.id === node.id)
        ? path.map((n) => (n.id === node.id ? { ...n, name: node.name } : n))
        : path,
    );
    const url = `/data/${node.id}`;
    const tabs = useTabs.getState();
    if (node.name && (tabs.tabs.mainTabs[url] || tabs.tabs.siderTabs[url]))
      tabs.apply((s) => renameTab(s, url, node.name));
  }
}

function linkChanged(action: "created" | "updated" | "deleted", link: LinkRef, ctx: ApplyContext): void {
  if (action === "deleted") ctx.lists.remove(link.xnode, link.relation_name, link.ynode);
  else ctx.lists.touch(link.xnode, link.relation_name);
}
