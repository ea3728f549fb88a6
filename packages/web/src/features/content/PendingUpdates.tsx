import { App, Button, Flex, Tag, Typography } from "antd";
import { useState } from "react";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { contentApi } from "./content-api";
import { formatShanghai } from "./field-kinds";
import { pendingUpdatesOf, previewText, showsPreview } from "./pending-updates";
import "./content.css";
import { messageOf } from "../../api/messages";

const t = zh.content;

/** Props of the pending-update bar. */
export interface PendingUpdatesProps {
  node: Dnode;
  /** Called after accept or reject with the node as the server now has it (none when it was deleted). */
  onChanged: (node?: Dnode) => void;
}

/**
 * The updates pushed to this node by its copies (workspace-spec 2 "Pending-update bar"), with 接受 and
 * 拒绝 for those who may write. Accepting applies them all in order; rejecting drops them all.
 */
export function PendingUpdates({ node, onChanged }: PendingUpdatesProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<"accept_updates" | "reject_updates" | null>(null);
  const updates = pendingUpdatesOf(node.content ?? {});
  if (updates.length === 0) return null;
  const editable = node.permissions?.write !== false;

  const decide = async (action: "accept_updates" | "reject_updates") => {
    setBusy(action);
    try {
      const answer = await contentApi.callAction(node.id, action);
      message.success(answer.message || (action === "accept_updates" ? t.accepted : t.rejected));
      onChanged(answer.dnodes.find((d) => d.id === node.id));
    } catch (error) {
      console.error(`${action} failed`, error);
      const reason = messageOf(error);
      message.error(action === "accept_updates" ? t.acceptFailed(reason) : t.rejectFailed(reason));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="pending-updates" aria-label={t.pendingTitle(updates.length)}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t.pendingTitle(updates.length)}</Typography.Text>
        {editable && (
          <Flex gap={8}>
            <Button
              type="primary"
              size="small"
              loading={busy === "accept_updates"}
              disabled={busy !== null}
              onClick={() => void decide("accept_updates")}
            >
              {t.accept}
            </Button>
            <Button
              size="small"
              loading={busy === "reject_updates"}
              disabled={busy !== null}
              onClick={() => void decide("reject_updates")}
            >
              {t.reject}
            </Button>
          </Flex>
        )}
      </Flex>
      {updates.map((update, index) => (
        <div key={update.id ?? index} className="pending-update">
          <Tag color={update.type === "delete" ? "red" : "blue"}>{t.updateTypes[update.type]}</Tag>
          <Typography.Text>{update.name}</Typography.Text>
          {!Number.isNaN(Date.parse(update.pushed_at)) && (
            <Typography.Text type="secondary">
              {t.pushedAt(formatShanghai(Date.parse(update.pushed_at)))}
            </Typography.Text>
          )}
          {showsPreview(update.type) && (
            <div className="pending-update-preview">{previewText(update.content)}</div>
          )}
        </div>
      ))}
    </section>
  );
}
