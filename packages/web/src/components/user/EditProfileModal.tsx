import { UploadOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import type { UserNodeJson } from "@zhishu/shared";
import { Alert, App, Button, Form, Input, Modal, Space } from "antd";
import { useRef, useState } from "react";
import { messageOf } from "../../api/messages";
import { IMAGE_MIME_TYPES, uploadApi } from "../../api/uploads";
import { type ProfileEdit, userApi } from "../../entities/user/api";
import { refreshPeople } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";

const t = zh.people;

/** The server's limits (docs/API.md PUT /api/user/me/): display name ≤ 32, description ≤ 500. */
const NAME_MAX = 32;
const DESCRIPTION_MAX = 500;

/**
 * 编辑资料: one's display name (empty goes back to the user name), description and avatar (a URL, or an
 * image uploaded through /api/upload/), saved with PUT /api/user/me/. The server's refusal is shown in
 * the modal as it words it, and the modal stays open.
 */
export function EditProfileModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserNodeJson;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const loadMe = useAuth((s) => s.loadMe);
  const [form] = Form.useForm<ProfileEdit>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const save = async (values: ProfileEdit) => {
    setSaving(true);
    setRefusal(null);
    try {
      await userApi.updateProfile({
        display_name: values.display_name?.trim() ?? "",
        description: values.description?.trim() ?? "",
        avatar_url: values.avatar_url?.trim() ?? "",
      });
      message.success(t.profileSaved);
      await Promise.all([refreshPeople(client), loadMe()]);
      onClose();
    } catch (error) {
      setRefusal(messageOf(error, t.editProfileFailed));
    } finally {
      setSaving(false);
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_MIME_TYPES.has(file.type)) {
      setRefusal(t.avatarNotImage);
      return;
    }
    setUploading(true);
    setRefusal(null);
    try {
      const uploaded = await uploadApi.image(file);
      form.setFieldValue("avatar_url", uploaded.url);
    } catch (error) {
      setRefusal(messageOf(error, t.avatarUploadFailed));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t.editProfileTitle}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          // The node's name is the display name when one is set, else the user name.
          display_name: user.name === user.username ? "" : user.name,
          description: user.content.description ?? "",
          avatar_url: user.content.avatar_url ?? "",
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="display_name" label={t.displayName} extra={t.displayNameHint(user.username)}>
          <Input autoFocus maxLength={NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="description" label={t.description}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item label={t.avatarUrl}>
          <Space.Compact style={{ width: "100%" }}>
            <Form.Item name="avatar_url" noStyle>
              <Input aria-label={t.avatarUrl} placeholder="https://…" />
            </Form.Item>
            <Button
              icon={<UploadOutlined aria-hidden />}
              loading={uploading}
              onClick={() => fileInput.current?.click()}
            >
              {t.uploadAvatar}
            </Button>
          </Space.Compact>
          <input
            ref={fileInput}
            type="file"
            accept={[...IMAGE_MIME_TYPES].join(",")}
            hidden
            aria-label={t.uploadAvatar}
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} />}
    </Modal>
  );
}
