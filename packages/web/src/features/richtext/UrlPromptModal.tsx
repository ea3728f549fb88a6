import { Input, Modal, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { zh } from "../../i18n/zh-CN";
import { isImeKey } from "../../lib/keys";

export interface UrlPromptModalProps {
  open: boolean;
  title: string;
  label: string;
  initialValue: string;
  hint?: string;
  /** The error to show for a value, or null when it is acceptable. */
  validate: (value: string) => string | null;
  onOk: (value: string) => void;
  onCancel: () => void;
}

/** A small modal asking for one address (links, media): Enter confirms, Escape cancels. */
export function UrlPromptModal({
  open,
  title,
  label,
  initialValue,
  hint,
  validate,
  onOk,
  onCancel,
}: UrlPromptModalProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const composing = useRef(false);

  useEffect(() => {
    if (!open) return;
    setValue(initialValue);
    setError(null);
  }, [open, initialValue]);

  const confirm = () => {
    const problem = validate(value);
    setError(problem);
    if (problem === null) onOk(value.trim());
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={zh.richText.ok}
      cancelText={zh.richText.cancel}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input
        aria-label={label}
        value={value}
        autoFocus
        status={error ? "error" : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={() => {
          composing.current = false;
        }}
        onKeyDown={(event) => {
          if (event.key !== "Enter" || isImeKey(event, composing.current)) return;
          event.preventDefault();
          confirm();
        }}
      />
      {error ? (
        <Typography.Text type="danger" role="alert" className="rich-text-prompt-note">
          {error}
        </Typography.Text>
      ) : (
        hint && (
          <Typography.Text type="secondary" className="rich-text-prompt-note">
            {hint}
          </Typography.Text>
        )
      )}
    </Modal>
  );
}
