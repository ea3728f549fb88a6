import { App, Input, Modal, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { zh } from "../../i18n/zh-CN";
import { isImeKey } from "../../lib/keys";
import { Formula } from "./Formula";
import { canRender, convertDelimiters } from "./latex";
import "./formula.css";

// workspace-spec 9: typed \( \) and \[ \] delimiters become a formula 100 ms after typing stops.
export const CONVERSION_DELAY_MS = 100;

export interface FormulaModalProps {
  open: boolean;
  /** The formula as saved; the textarea starts from it each time the modal opens. */
  latex: string;
  /** Whether the preview starts in display mode (a block formula in rich text). */
  display?: boolean;
  /** Saves the formula; `display` is true when the person typed \[ … \]. A rejection keeps the modal open. */
  onSave: (latex: string, options: { display: boolean }) => Promise<void>;
  /** Closes the modal: on cancel, Escape, or after onSave resolved. */
  onClose: () => void;
}

/**
 * The 编辑公式 modal (workspace-spec 2): LaTeX with a live KaTeX preview; saving is refused while the
 * formula is empty or does not render; Ctrl/⌘+Enter saves, Escape cancels.
 */
export function FormulaModal({
  open,
  latex,
  display: startDisplay = false,
  onSave,
  onClose,
}: FormulaModalProps) {
  const { message } = App.useApp();
  const [value, setValue] = useState(latex);
  const [display, setDisplay] = useState(startDisplay);
  const [saving, setSaving] = useState(false);
  const composing = useRef(false);

  useEffect(() => {
    if (!open) return;
    setValue(latex);
    setDisplay(startDisplay);
  }, [open, latex, startDisplay]);

  useEffect(() => {
    const timer = setTimeout(() => {
      // Rewriting the textarea under an open input-method composition would break it.
      if (composing.current) return;
      const result = convertDelimiters(value);
      if (!result.converted) return;
      setValue(result.latex);
      setDisplay(result.display);
    }, CONVERSION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  // A save within the 100 ms still stores the formula without its delimiters.
  const pending = useMemo(() => convertDelimiters(value), [value]);
  const renderable = useMemo(() => canRender(pending.latex), [pending.latex]);
  const pendingDisplay = pending.converted ? pending.display : display;

  const save = async () => {
    if (!renderable || saving) return;
    setSaving(true);
    try {
      await onSave(pending.latex, { display: pendingDisplay });
      onClose();
    } catch (error) {
      console.error(error);
      message.error(zh.formula.updateFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={zh.formula.title}
      width={800}
      okText={zh.formula.save}
      cancelText={zh.formula.cancel}
      okButtonProps={{ disabled: !renderable }}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label={zh.formula.inputLabel}
        placeholder={zh.formula.placeholder}
        value={value}
        autoFocus
        autoSize={{ minRows: 3, maxRows: 12 }}
        spellCheck={false}
        onChange={(event) => setValue(event.target.value)}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={() => {
          composing.current = false;
        }}
        onKeyDown={(event) => {
          if (isImeKey(event, composing.current)) return;
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void save();
          }
        }}
      />
      <Typography.Text type="secondary" className="formula-hint">
        {zh.formula.shortcutHint}
      </Typography.Text>
      {value.trim() !== "" && !renderable && (
        <Typography.Text type="danger" role="alert" className="formula-error">
          {zh.formula.syntaxError}
        </Typography.Text>
      )}
      <section className="formula-preview" aria-label={zh.formula.preview}>
        {renderable && <Formula latex={pending.latex} display={pendingDisplay} />}
      </section>
    </Modal>
  );
}
