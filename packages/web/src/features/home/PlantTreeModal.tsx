import { Form, Input, Modal, Radio } from "antd";
import { useState } from "react";
import { zh } from "../../i18n/zh-CN";

export interface PlantInput {
  type: "DIR" | "CONCEPT";
  name: string;
  text?: string;
}

/** 种一棵知识树: a DIR or CONCEPT with a name and text, created under the user root. */
export function PlantTreeModal({
  open,
  onCancel,
  onPlant,
}: {
  open: boolean;
  onCancel: () => void;
  onPlant: (input: PlantInput) => Promise<void>;
}) {
  const [form] = Form.useForm<PlantInput>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title={zh.home.plantTitle}
      okText={zh.home.plantOk}
      cancelText={zh.home.cancel}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={async () => {
        // An invalid form shows its messages; nothing more to do.
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        setSaving(true);
        try {
          await onPlant({ ...values, name: values.name.trim() });
          form.resetFields();
        } finally {
          setSaving(false);
        }
      }}
      destroyOnHidden
    >
      <Form form={form} name="plant-tree" layout="vertical" initialValues={{ type: "DIR" }} preserve={false}>
        <Form.Item name="type" label={zh.home.plantType}>
          <Radio.Group
            options={[
              { value: "DIR", label: zh.home.typeDir },
              { value: "CONCEPT", label: zh.home.typeConcept },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={zh.home.plantName}
          rules={[{ required: true, whitespace: true, message: zh.home.plantNameRequired }]}
        >
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item name="text" label={zh.home.plantText}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
