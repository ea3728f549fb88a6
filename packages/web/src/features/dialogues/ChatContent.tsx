import { Tag, Typography } from "antd";
import { Link } from "react-router";
import { UserAvatar } from "../../components/user/UserAvatar";
import { messageText } from "../../entities/dialogue/display";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { relativeTime } from "../../lib/relative-time";
import { useAuth } from "../../stores/auth";
import "./dialogues.css";

const t = zh.dialogues;

/** Which content view a node takes (workspace-spec 2): chat for ask, reply and chat nodes, draft for drafts. */
export function chatViewOf(node: Pick<Dnode, "type" | "content">): "draft" | "chat" | null {
  const { xtype, dialogue_id, self_status } = node.content;
  if (xtype === "AskProcess" && dialogue_id !== undefined)
    return (self_status ?? "draft") === "draft" ? "draft" : "chat";
  if (node.type === "ASK" || node.type === "REPLY") return "chat";
  return null;
}

/**
 * The chat content view of an ask, reply or chat node on its own page, as a bubble with its sender,
 * time and a way back to its dialogue. A draft is edited in the page's DRAFTDNODE view (草稿,
 * DraftNodeView); here it says so, with the way to its dialogue (and, unless that view is shown
 * — `draftShown` — where to edit it). Friend requests have their card.
 */
export function ChatContent({ node, draftShown = false }: { node: Dnode; draftShown?: boolean }) {
  const me = useAuth((s) => s.user?.id);
  const view = chatViewOf(node);
  const dialogueId = Number(node.content.dialogue_id);
  const inDialogue = Number.isInteger(dialogueId) && dialogueId > 0;
  if (view === null) return null;
  const back = inDialogue ? <Link to={`/dialogue/${dialogueId}`}>{t.openDialogue}</Link> : null;
  if (view === "draft")
    return (
      <div className="dlg-draft-view">
        <Tag color="gold">{t.draftView}</Tag> {back}
        {node.creator_id === me && inDialogue && !draftShown && (
          <Typography.Paragraph type="secondary" className="dlg-draft-hint">
            {t.draftEditHint}
          </Typography.Paragraph>
        )}
      </div>
    );
  const name = node.creator_name ?? "";
  const status = typeof node.content.delegate_status === "string" ? node.content.delegate_status : null;
  const replyType = typeof node.content.reply_type === "string" ? node.content.reply_type : null;
  return (
    <div className={`dlg-row dlg-chat-view${node.creator_id === me ? " dlg-row-mine" : ""}`}>
      <UserAvatar name={name || "?"} size={32} />
      <div className="dlg-bubble-col">
        <Typography.Text type="secondary" className="dlg-meta">
          {name}
          {node.created_at ? ` · ${relativeTime(node.created_at)}` : ""}
          {replyType && <Tag style={{ marginInlineStart: 8 }}>{replyType}</Tag>}
          {status && status !== "none" && (
            <Tag style={{ marginInlineStart: 8 }}>{t.delegateStatus[status] ?? status}</Tag>
          )}
        </Typography.Text>
        <div className="dlg-bubble">{messageText(node)}</div>
        {back}
      </div>
    </div>
  );
}
