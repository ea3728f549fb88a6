/** The kinds of pending update a synchronised copy can offer its source (workspace-spec 2 "Pending-update bar"). */
export const PENDING_UPDATE_TYPES = ["update", "update_children_and_self", "create", "delete"] as const;
export type PendingUpdateType = (typeof PENDING_UPDATE_TYPES)[number];

/**
 * One entry of a source node's `content.to_updates`, as the server's push writes it. `Child` is what
 * the pushed subtree's children are: the server's own snapshots, or unknown to a client that only
 * shows them.
 */
export interface PendingUpdate<Child = unknown> {
  id: string;
  type: PendingUpdateType;
  from_id: number;
  pushed_by: number;
  pushed_at: string;
  name: string;
  node_type: string;
  content: Record<string, unknown>;
  children?: Child[];
}
