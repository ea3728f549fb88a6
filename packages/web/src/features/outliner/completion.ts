import { messageOf } from "../../api/messages";
import { changeNode } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import type { OutlineCore } from "./core";

/** Puts a node's finished_at in the store (the row strikes through at once). */
function putFinished(id: number, value: string | null): void {
  changeNode(id, (node) => ({ ...node, finished_at: value }));
}

/**
 * Generic completion (workspace-spec 4): ticks the node done now, or clears it, through
 * POST /dnode/{id}/update. Shown at once; a refusal puts the row back with the server's reason. A
 * process is completed by its status machine (process-keys.ts), never by finished_at alone.
 */
export async function toggleDone(controller: OutlineCore, id: number): Promise<void> {
  const node = controller.node(id);
  if (!node || node.type === "PROCESS" || id <= 0 || !controller.canWrite(id)) return;
  const before = node.finished_at ?? null;
  const finished_at = before ? null : new Date().toISOString();
  putFinished(id, finished_at);
  try {
    const saved = await controller.deps.api.update(id, { finished_at });
    putFinished(id, saved.finished_at ?? null);
  } catch (error) {
    putFinished(id, before);
    controller.deps.notify(
      zh.outliner.failedBecause(zh.outliner.saveFailed, messageOf(error, zh.errors.request)),
    );
  }
}
