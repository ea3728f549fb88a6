import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Empty, Spin, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { messageOf } from "../../api/messages";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { CreateDialogueModal, type NewDialogue } from "./CreateDialogueModal";
import { DialogueListItem } from "./DialogueListItem";
import { useDialogueList } from "./dialogue-list";
import "./dialogues.css";

const t = zh.dialogues;
/** /messages (我的消息, people-spec 2): the list, or the empty state with 开始对话 and the creator. */
export function MessagesPage() {
  const me = useAuth((s) => s.user?.id);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useDialogueList();
  const [creating, setCreating] = useState(false);

  const create = async (body: NewDialogue) => {
    const dialogue = await dialogueApi.create(body);
    message.success(t.created);
    setCreating(false);
    void queryClient.invalidateQueries({ queryKey: dialogueKeys.list() });
    void navigate(`/dialogue/${dialogue.id}`);
  };

  const dialogues = list.data?.dialogues ?? [];
  return (
    <section className="dlg-page">
      <div className="dlg-page-head">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {zh.pages.messages}
        </Typography.Title>
        {dialogues.length > 0 && <Button onClick={() => setCreating(true)}>{t.newDialogue}</Button>}
      </div>
      {list.isError ? (
        <Alert type="error" showIcon title={t.listFailed} description={messageOf(list.error, t.listFailed)} />
      ) : list.isPending ? (
        <div className="dlg-loading" role="status">
          <Spin size="small" /> {t.loading}
        </div>
      ) : dialogues.length === 0 ? (
        <Empty description={t.noDialogues}>
          <Button type="primary" onClick={() => setCreating(true)}>
            {t.startDialogue}
          </Button>
        </Empty>
      ) : (
        <ul className="dlg-items" aria-label={t.listLabel}>
          {dialogues.map((node) => (
            <DialogueListItem key={node.id} node={node} me={me} />
          ))}
        </ul>
      )}
      <CreateDialogueModal open={creating} onClose={() => setCreating(false)} onCreate={create} />
    </section>
  );
}
