import { App } from "antd";
import { useState } from "react";
import { messageOf } from "../../api/messages";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { type DeliveryAction, type ProcessAction, processApi } from "./process-api";

/**
 * Runs start / pause / finish and hands every node the server changed (the target, siblings it paused,
 * ancestors now sub_running) to `onNodes`, so the whole family updates on screen at once. A refusal
 * shows the server's message (workspace-spec 8 "Process stop failure ... with server message").
 */
export function useProcessAction(id: number, onNodes: (nodes: Dnode[]) => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ProcessAction | DeliveryAction | null>(null);
  const run = async (action: ProcessAction | DeliveryAction) => {
    setBusy(action);
    try {
      const answer = await processApi.act(id, action);
      onNodes(answer.dnodes);
    } catch (error) {
      const reason = messageOf(error);
      console.error(`process ${action} failed`, reason);
      void message.error(zh.process.actionFailed(reason));
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}
