import { Alert, Result, Spin, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { messageOf } from "../../api/messages";
import type { DialogueNode } from "../../entities/dialogue/api";
import { dialogueTitle } from "../../entities/dialogue/display";
import { draggedNodeId, mayCarryNode } from "../../entities/dialogue/dragged-node";
import { zh } from "../../i18n/zh-CN";
import { useLiveNode } from "../../realtime/shown";
import { useAuth } from "../../stores/auth";
import { DraftEditor } from "./DraftEditor";
import { MessageList } from "./MessageList";
import { ModeBanner } from "./ModeBanner";
import { useAttachResource } from "./use-attach";
import { useDialogue } from "./use-dialogue";
import "./dialogues.css";

const t = zh.dialogues;

/** Keeps the dialogue watched on the live connection while it is shown (its new messages and summary). */
function Watch({ node }: { node: DialogueNode }) {
  useLiveNode(node);
  return null;
}

/**
 * The dialogue view (people-spec 2): title, mode banner, the scrolling messages, the draft editor when
 * the mode lets the reader write (friend, agent), and a drop zone: a node dropped anywhere on it becomes
 * a resource of the dialogue. `extra` goes above the editor (the nodes in the chat, on /xiaoxi).
 */
export function DialogueView({ dialogueId, extra }: { dialogueId: number; extra?: ReactNode }) {
  const me = useAuth((s) => s.user?.id);
  const dialogue = useDialogue(dialogueId);
  const attach = useAttachResource(dialogueId);
  const [over, setOver] = useState(false);
  const [sentTick, setSentTick] = useState(0);
  const { record, query } = dialogue;

  if (query.isError)
    return <Result status="warning" title={t.loadFailed} subTitle={messageOf(query.error)} />;
  if (!record)
    return (
      <div className="dlg-loading" role="status">
        <Spin size="small" /> {t.loading}
      </div>
    );

  const mode = record.dialogue_mode;
  const other = record.participants.find((id) => id !== me);
  const canWrite = mode === "friend" || mode === "agent";
  return (
    <section
      className={`dlg-view${over ? " dlg-view-over" : ""}`}
      aria-label={dialogueTitle(record.dnode)}
      onDragOver={(event) => {
        if (!mayCarryNode(Array.from(event.dataTransfer.types))) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "link";
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        const nodeId = draggedNodeId(event.dataTransfer);
        if (nodeId === null) return;
        event.preventDefault();
        void attach(nodeId);
      }}
    >
      <Watch node={record.dnode} />
      <header className="dlg-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {dialogueTitle(record.dnode)}
        </Typography.Title>
        <Link to={`/data/${dialogueId}/RESOURCE`}>
          {t.resources}
          {record.resources.length > 0 ? ` (${record.resources.length})` : ""}
        </Link>
      </header>
      <ModeBanner mode={mode} otherId={other} />
      {over && <Alert type="info" title={t.dropHint} className="dlg-banner" />}
      <MessageList
        messages={dialogue.messages}
        me={me}
        people={record.participant_users}
        hasMore={dialogue.hasMore}
        loadingOlder={dialogue.loadingOlder}
        onLoadOlder={dialogue.loadOlder}
        sentTick={sentTick}
      />
      {extra}
      {canWrite && (
        <DraftEditor
          dialogueId={dialogueId}
          onSent={(message) => {
            dialogue.addSent(message);
            setSentTick((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}
