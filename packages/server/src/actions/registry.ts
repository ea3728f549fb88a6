import { MESSAGES } from "@zhishu/shared";
import type { Db } from "../db/client";
import type { DnodeWithExtras } from "../db/node-rows";
import { badRequest } from "../errors";
import type { Level } from "../policies/node";

/** What an action gets: the caller, the node it runs on (already authorised) and its params. */
export interface ActionContext {
  db: Db;
  userId: number;
  node: DnodeWithExtras;
  params: Record<string, unknown>;
}

/** What an action answers (workspace-spec 7: deleted_dnode_ids, dnodes, task_id, success, message). */
export interface ActionResult {
  success?: boolean;
  message?: string;
  /** Ids of nodes to send back presented, in `dnodes`. */
  dnodeIds?: number[];
  deletedIds?: number[];
  taskId?: string | null;
  /** Extra fields some actions add (ask_node, saved_knowledges, …). */
  extra?: Record<string, unknown>;
}

export interface ActionDefinition {
  /** The right the caller needs on the node. */
  level: Level;
  run(ctx: ActionContext): Promise<ActionResult>;
}

const actions = new Map<string, ActionDefinition>();

/** Adds an action to POST /api/dnode/call_action/{id}/{action}; each feature registers its own. */
export function registerAction(name: string, definition: ActionDefinition): void {
  if (actions.has(name)) throw new Error(`action ${name} registered twice`);
  actions.set(name, definition);
}

/** The action by name; an unknown name is a 400. */
export function findAction(name: string): ActionDefinition {
  const action = actions.get(name);
  if (!action) throw badRequest(MESSAGES.unknownAction.replace("{action}", name));
  return action;
}
