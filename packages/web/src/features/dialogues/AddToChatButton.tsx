import { useQueryClient } from "@tanstack/react-query";
import { App, Button } from "antd";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";
import { useChatting } from "../../entities/dialogue/chatting";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { setSider } from "../tabs/tab-model";
import { useTabs } from "../tabs/tab-store";

const t = zh.dialogues;

/**
 * 添加到对话 in the breadcrumb (workspace-spec 2, 8): the node joins the person's dialogue with the AI as
 * a resource and the chat's focus trees (`chattingDnodes`), and /xiaoxi opens in the side panel. No
 * draft to attach it to: 无法添加到对话，请稍后再试; the attach refused: 添加到对话失败.
 */
export function AddToChatButton({ node }: { node: { id: number; name: string } }) {
  const { message } = App.useApp();
  const me = useAuth((s) => s.user?.id);
  const queryClient = useQueryClient();
  const addTree = useChatting((s) => s.add);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (!me) return;
    setBusy(true);
    try {
      let dialogueId: number;
      try {
        dialogueId = (await dialogueApi.withAi(me)).id;
        await dialogueApi.draft(dialogueId);
      } catch (error) {
        console.error(error);
        message.error(t.cannotAdd);
        return;
      }
      try {
        await dialogueApi.add(dialogueId, "resource", node.id);
      } catch (error) {
        // Added before (409 RELATION_EXISTS): it is in the chat, which is what the person asked for.
        if (!(error instanceof ApiError && error.code === "RELATION_EXISTS")) {
          console.error(error);
          message.error(t.addFailed);
          return;
        }
      }
      addTree({ id: node.id, name: node.name, groups: {} });
      void queryClient.invalidateQueries({ queryKey: dialogueKeys.all });
      useTabs.getState().apply((s) => setSider(s, "/xiaoxi", zh.pages.xiaoxi));
      message.success(t.added);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" type="text" title={t.addToChatTitle} loading={busy} onClick={() => void add()}>
      {t.addToChat}
    </Button>
  );
}
