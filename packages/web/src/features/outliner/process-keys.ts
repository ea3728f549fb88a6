import { isExecuting, statusOf } from "@zhishu/shared";
import { messageOf } from "../../api/messages";
import { zh } from "../../i18n/zh-CN";
import { type ProcessAction, processApi } from "../process/process-api";
import { toggleDone } from "./completion";
import type { OutlineCore } from "./core";

/**
 * The process keys of a row (issue 14 point 7 "start / pause / finish buttons and keys"): the same
 * call_action the row's buttons make, with every node it changed put in the store.
 */
async function act(controller: OutlineCore, id: number, action: ProcessAction): Promise<void> {
  try {
    const real = await controller.realId(id);
    controller.receiveProcesses((await processApi.act(real, action)).dnodes);
  } catch (error) {
    controller.deps.notify(zh.process.actionFailed(messageOf(error, zh.errors.request)));
  }
}

/** Ctrl+Shift+Enter: an executing process pauses, a draft or paused one starts. */
export function toggleRunning(controller: OutlineCore, id: number): void {
  const node = controller.node(id);
  if (node?.type !== "PROCESS" || !controller.canWrite(id)) return;
  const status = statusOf(node.content);
  if (isExecuting(status)) void act(controller, id, "pause");
  else if (status === "draft" || status === "paused") void act(controller, id, "start");
}

/**
 * Ctrl+Enter: done. A process is finished through its status machine (completed, time added); any
 * other node toggles its generic completion (finished_at).
 */
export function completeRow(controller: OutlineCore, id: number): void {
  const node = controller.node(id);
  if (node?.type !== "PROCESS") {
    void toggleDone(controller, id);
    return;
  }
  const status = statusOf(node.content);
  if (controller.canWrite(id) && status !== "completed" && status !== "failed" && status !== "canceled")
    void act(controller, id, "finish");
}
