import { useQueryClient } from "@tanstack/react-query";
import { GROUP_NAME_MAX_CHARS } from "@zhishu/shared";
import { App, Form, Input, Modal } from "antd";
import { useState } from "react";
import { peopleError, userApi } from "../../entities/user/api";
import { refreshPeople } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";

const t = zh.people;

interface Values {
  name: string;
  description?: string;
}

/** 创建群组 (people-spec 5, 8): a name (required) and an optional description; the creator owns the group. */
export function CreateGroupModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [creating, setCreating] = useState(false);

  const create = async (values: Values) => {
    setCreating(true);
    try {
      const answer = await userApi.createGroup(values.name.trim(), values.description?.trim() ?? "");
      message.success(answer.message || t.groupCreated);
      await refreshPeople(client);
      onClose();
    } catch (error) {
      message.error(peopleError(error, t.createGroupFailed));
    } finally {
      setCreating(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t.createGroupTitle}
      okText={t.create}
      cancelText={t.cancel}
      confirmLoading={creating}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void create(values)} preserve={false}>
        <Form.Item
          name="name"
          label={t.groupName}
          rules={[{ required: true, whitespace: true, message: t.groupNameRequired }]}
        >
          <Input autoFocus maxLength={GROUP_NAME_MAX_CHARS} showCount />
        </Form.Item>
        <Form.Item name="description" label={t.groupDescription}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
