import { App, Button, Flex, Form, Input, InputNumber, Modal, Switch } from "antd";
import { useState } from "react";
import { messageOf } from "../../api/messages";
import { zh } from "../../i18n/zh-CN";

const t = zh.content;

/** One parameter of an action (workspace-spec 2 "Action bar"): `paramV` is its value kind, text by default. */
export interface ActionParam {
  name: string;
  label: string;
  required?: boolean;
  paramV?: string;
  hint?: string;
  unit?: string;
  value?: unknown;
}

/** An action the bar offers. */
export interface NodeAction {
  name: string;
  label: string;
  params: ActionParam[];
}

/** Props of the action bar. */
export interface ActionBarProps {
  actions: NodeAction[];
  /** Runs the action; a rejection's message is shown to the person. */
  onRun: (action: NodeAction, values: Record<string, unknown>) => Promise<unknown>;
  disabled?: boolean;
}

/** A long parameter's box grows with its text from 2 to 6 rows, then scrolls (workspace-spec). */
export const PARAM_TEXTAREA_ROWS = { minRows: 2, maxRows: 6 } as const;

/** The input for a parameter's kind. */
function ParamInput({ param, ...rest }: { param: ActionParam }) {
  switch (param.paramV) {
    case "number":
      return <InputNumber {...rest} aria-label={param.label} suffix={param.unit} style={{ width: "100%" }} />;
    case "boolean":
      return <Switch {...rest} aria-label={param.label} />;
    case "json":
    case "textarea":
      return <Input.TextArea {...rest} aria-label={param.label} autoSize={PARAM_TEXTAREA_ROWS} />;
    default:
      return <Input {...rest} aria-label={param.label} suffix={param.unit} />;
  }
}

/**
 * The node's actions as buttons. An action with parameters first asks for them in a form (required ones
 * say 请输入{label}！); one without runs at once. The button spins while the action runs.
 */
export function ActionBar({ actions, onRun, disabled }: ActionBarProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [asking, setAsking] = useState<NodeAction | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  if (actions.length === 0) return null;

  const run = async (action: NodeAction, values: Record<string, unknown>) => {
    setRunning(action.name);
    try {
      await onRun(action, values);
      setAsking(null);
    } catch (error) {
      console.error(`Action ${action.name} failed`, error);
      message.error(t.actionFailed(action.label, messageOf(error)));
    } finally {
      setRunning(null);
    }
  };

  const start = (action: NodeAction) => {
    if (action.params.length === 0) return void run(action, {});
    setAsking(action);
  };

  return (
    <Flex gap={8} wrap className="content-actions" role="toolbar" aria-label={t.actions}>
      {actions.map((action) => (
        <Button
          key={action.name}
          disabled={disabled}
          loading={running === action.name && !asking}
          onClick={() => start(action)}
        >
          {action.label}
        </Button>
      ))}
      <Modal
        open={asking !== null}
        title={asking?.label}
        okText={t.run}
        cancelText={t.cancel}
        confirmLoading={asking !== null && running === asking.name}
        onOk={() => form.submit()}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        {asking && (
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={Object.fromEntries(asking.params.map((p) => [p.name, p.value]))}
            onFinish={(values) => void run(asking, values)}
          >
            {asking.params.map((param) => (
              <Form.Item
                key={param.name}
                name={param.name}
                label={param.label}
                extra={param.hint}
                valuePropName={param.paramV === "boolean" ? "checked" : "value"}
                rules={param.required ? [{ required: true, message: t.paramRequired(param.label) }] : []}
              >
                <ParamInput param={param} />
              </Form.Item>
            ))}
          </Form>
        )}
      </Modal>
    </Flex>
  );
}
