import { useQuery } from "@tanstack/react-query";
import { Result, Spin } from "antd";
import { messageOf } from "../../api/messages";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { ChattingNodes } from "./ChattingNodes";
import { DialogueView } from "./DialogueView";

const t = zh.dialogues;

/** The person's dialogue with the AI, found or made once (logic id UserAiChats_{me}). */
export function useAiDialogueId(me: number | undefined) {
  return useQuery({
    queryKey: [...dialogueKeys.all, "ai", me ?? 0],
    queryFn: () => dialogueApi.withAi(me ?? 0).then((d) => d.id),
    enabled: me !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * /xiaoxi (people-spec 2): the conversations page, the person's dialogue with the AI, with the nodes
 * brought into the chat above the editor. The AI's answers come with the AI assistant (wave 3); until
 * a responder is plugged in, messages are kept in the dialogue unanswered. `agent_id` is not read yet.
 */
export function XiaoxiPage() {
  const me = useAuth((s) => s.user?.id);
  const ai = useAiDialogueId(me);
  if (ai.isError) return <Result status="warning" title={t.loadFailed} subTitle={messageOf(ai.error)} />;
  if (!ai.data)
    return (
      <div className="dlg-loading" role="status">
        <Spin size="small" /> {t.loading}
      </div>
    );
  return <DialogueView dialogueId={ai.data} extra={<ChattingNodes />} />;
}
