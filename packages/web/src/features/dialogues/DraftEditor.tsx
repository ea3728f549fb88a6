import { App, Button, Input, Typography } from "antd";
import { useRef, useState } from "react";
import { messageOf } from "../../api/messages";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { isSendKey } from "./send-keys";
import { type DraftStatus, useDraft } from "./use-draft";

const t = zh.dialogues;

/** people-spec 9: the draft textarea grows from 3 to 10 rows. */
export const DRAFT_MIN_ROWS = 3;
export const DRAFT_MAX_ROWS = 10;

const STATUS_TEXT: Partial<Record<DraftStatus, string>> = {
  saving: t.draftSaving,
  saved: t.draftSaved,
  local: t.draftKeptLocally,
  failed: t.draftLoadFailed,
  merged: t.draftMerged,
};

/**
 * The draft editor at the foot of a dialogue (people-spec 2, 5): autosaved as typed, sent with Enter
 * alone (never while an input method composes), Shift/Ctrl/Alt/Meta+Enter for a new line. Other
 * editors of the same draft (another tab, the side panel) keep it in step (use-draft).
 */
export function DraftEditor({
  dialogueId,
  onSent,
}: {
  dialogueId: number;
  onSent: (message: Dnode) => void;
}) {
  const { message } = App.useApp();
  const draft = useDraft(dialogueId);
  const composing = useRef(false);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (sending || draft.text.trim() === "") return;
    setSending(true);
    try {
      const sent = await draft.send();
      if (sent) onSent(sent);
    } catch (error) {
      console.error("发送失败", error);
      message.error(messageOf(error, t.sendFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="dlg-editor">
      <Input.TextArea
        aria-label={t.editorLabel}
        placeholder={t.placeholder}
        autoSize={{ minRows: DRAFT_MIN_ROWS, maxRows: DRAFT_MAX_ROWS }}
        value={draft.text}
        disabled={draft.status === "loading"}
        onChange={(event) => draft.change(event.target.value)}
        onCompositionStart={() => {
          composing.current = true;
          draft.compose(true);
        }}
        onCompositionEnd={() => {
          composing.current = false;
          draft.compose(false);
        }}
        onKeyDown={(event) => {
          if (!isSendKey(event, composing.current)) return;
          event.preventDefault();
          void send();
        }}
      />
      <div className="dlg-editor-foot">
        <Typography.Text type="secondary" role="status">
          {STATUS_TEXT[draft.status] ?? ""}
        </Typography.Text>
        <Button
          type="primary"
          loading={sending}
          disabled={draft.text.trim() === "" || draft.draftId === null}
          onClick={() => void send()}
        >
          {t.send}
        </Button>
      </div>
    </div>
  );
}
