import { DIALOGUE_TYPES, type DialogueType, type UserNodeJson } from "@zhishu/shared";
import { App, Button, Form, Input, Modal, Radio, Tag, Typography } from "antd";
import { useState } from "react";
import { messageOf } from "../../api/messages";
import { UserSearchModal } from "../../components/user/UserSearchModal";
import { zh } from "../../i18n/zh-CN";

const t = zh.dialogues;
/** people-spec 9: the dialogue creator's user search asks for 10. */
export const CREATOR_SEARCH_LIMIT = 10;

export interface NewDialogue {
  dialogue_type: DialogueType;
  participants: number[];
  title: string;
}

/**
 * The create-dialogue modal (people-spec 5): user dialogue, AI dialogue, group chat or topic
 * discussion; at least one participant except for the AI (请选择至少一个参与者); an optional title
 * (made up by the server when blank). `onCreate` makes it; its failure shows 创建对话失败.
 */
export function CreateDialogueModal({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  onCreate: (body: NewDialogue) => Promise<void>;
}) {
  const { message } = App.useApp();
  const [type, setType] = useState<DialogueType>("user_to_user");
  const [people, setPeople] = useState<UserNodeJson[]>([]);
  const [title, setTitle] = useState("");
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const single = type === "user_to_user";
  const needsPeople = type !== "user_to_ai";

  const submit = async () => {
    if (needsPeople && people.length === 0) {
      message.warning(t.chooseParticipants);
      return;
    }
    setBusy(true);
    try {
      await onCreate({
        dialogue_type: type,
        participants: needsPeople ? people.map((p) => p.id) : [],
        title: title.trim(),
      });
      setPeople([]);
      setTitle("");
    } catch (error) {
      console.error(error);
      message.error(messageOf(error, t.createFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t.newDialogue}
      okText={t.create}
      cancelText={t.cancel}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t.typeLabel}>
          <Radio.Group
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              if (event.target.value === "user_to_user") setPeople((p) => p.slice(0, 1));
            }}
            options={DIALOGUE_TYPES.map((value) => ({ value, label: t.types[value] }))}
          />
        </Form.Item>
        <Form.Item label={t.participantsLabel} required={needsPeople}>
          {needsPeople ? (
            <div className="dlg-people">
              {people.map((p) => (
                <Tag key={p.id} closable onClose={() => setPeople((all) => all.filter((x) => x.id !== p.id))}>
                  {p.name}
                </Tag>
              ))}
              <Button size="small" onClick={() => setPicking(true)}>
                {single ? t.chooseUser : t.chooseUsers}
              </Button>
            </div>
          ) : (
            <Typography.Text type="secondary">{t.aiNoParticipants}</Typography.Text>
          )}
        </Form.Item>
        <Form.Item label={t.titleLabel}>
          <Input
            value={title}
            maxLength={200}
            placeholder={t.titlePlaceholder}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Form.Item>
      </Form>
      <UserSearchModal
        open={picking}
        multiple={!single}
        limit={CREATOR_SEARCH_LIMIT}
        excludeIds={single ? [] : people.map((p) => p.id)}
        onCancel={() => setPicking(false)}
        onOk={(chosen) => {
          setPeople((before) => (single ? chosen.slice(0, 1) : [...before, ...chosen]));
          setPicking(false);
        }}
      />
    </Modal>
  );
}
