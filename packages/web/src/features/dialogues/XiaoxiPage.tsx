import { useQuery } from "@tanstack/react-query";
import { Result, Spin } from "antd";
import { useSearchParams } from "react-router";
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

/** The person's dialogue with one AGENT node (logic id UserAiChats_{me}_{agent}), found or made once. */
function useAgentDialogueId(me: number | undefined, agentId: number | null) {
  return useQuery({
    queryKey: [...dialogueKeys.all, "agent", me ?? 0, agentId ?? 0],
    queryFn: () => dialogueApi.withAgent(me ?? 0, agentId ?? 0).then((d) => d.id),
    enabled: me !== undefined && agentId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    // 403 / 404 / 400 will not change by asking again.
    retry: false,
  });
}

/** `agent_id` as given: absent → null, a positive id → it, anything else → NaN (a wrong link). */
export function agentIdOf(raw: string | null): number | null {
  if (raw === null || raw === "") return null;
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : Number.NaN;
}

/**
 * /xiaoxi (people-spec 2): the conversations page. Without `agent_id` it is the person's dialogue with
 * the AI, with the nodes brought into the chat above the editor; with `agent_id` (workspace-spec 2
 * "/xiaoxi?agent_id={id}: chat with an agent") the person's dialogue with that AGENT node, found or made
 * on first visit. The AI's answers come with the AI assistant (wave 3); until a responder is plugged
 * in, messages are kept in the dialogue unanswered.
 */
export function XiaoxiPage() {
  const [params] = useSearchParams();
  const agentId = agentIdOf(params.get("agent_id"));
  if (agentId !== null && Number.isNaN(agentId)) return <Result status="warning" title={t.badAgentId} />;
  return agentId === null ? <AiChat /> : <AgentChat key={agentId} agentId={agentId} />;
}

function AiChat() {
  const me = useAuth((s) => s.user?.id);
  const ai = useAiDialogueId(me);
  return (
    <Found query={ai}>{(id) => <DialogueView key={id} dialogueId={id} extra={<ChattingNodes />} />}</Found>
  );
}

function AgentChat({ agentId }: { agentId: number }) {
  const me = useAuth((s) => s.user?.id);
  const agent = useAgentDialogueId(me, agentId);
  return <Found query={agent}>{(id) => <DialogueView key={id} dialogueId={id} />}</Found>;
}

/** The dialogue once found; the server's reason (no such agent, no right to it) when it cannot be. */
function Found({
  query,
  children,
}: {
  query: { data?: number; isError: boolean; error: unknown };
  children: (id: number) => React.ReactNode;
}) {
  if (query.isError)
    return <Result status="warning" title={t.loadFailed} subTitle={messageOf(query.error)} />;
  if (!query.data)
    return (
      <div className="dlg-loading" role="status">
        <Spin size="small" /> {t.loading}
      </div>
    );
  return children(query.data);
}
