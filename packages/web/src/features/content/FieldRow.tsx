import { Spin, Typography } from "antd";
import { useState } from "react";
import { messageOf } from "../../api/messages";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { contentApi } from "./content-api";
import { FieldEditor } from "./FieldEditor";
import { FieldValue } from "./FieldValue";
import { type FieldSpec, kindOf, sameValue } from "./field-kinds";

const t = zh.content;

interface FieldRowProps {
  nodeId: number;
  name: string;
  value: unknown;
  spec?: FieldSpec;
  editable: boolean;
  onChanged: (node?: Dnode) => void;
}

/**
 * One content field: its label, its editor (or value when read-only) and what went wrong. A failed save
 * is logged and its reason shown beside the field, without rolling the editor back (workspace-spec 8).
 */
export function FieldRow({ nodeId, name, value, spec, editable, onChanged }: FieldRowProps) {
  const kind = kindOf(name, value, spec);
  const label = spec?.label ?? t.fieldLabels[name] ?? name;
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (next: unknown) => {
    setProblem(null);
    if (sameValue(next, value)) return;
    setSaving(true);
    try {
      const updated = await contentApi.updateField(nodeId, {
        content_type: name,
        content_value: next,
        field_kind: kind,
        ...(kind === "select" && spec?.options ? { options: spec.options } : {}),
      });
      onChanged(updated);
    } catch (error) {
      console.error(`Failed content-field update (${name})`, error);
      setProblem(t.saveFailed(messageOf(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="content-field">
      <span className="content-field-label">{label}</span>
      <div className="content-field-body">
        <div className="content-field-editor">
          {editable ? (
            <FieldEditor
              kind={kind}
              label={label}
              value={value}
              spec={spec}
              onSave={(next) => void save(next)}
              onInvalid={setProblem}
            />
          ) : (
            <FieldValue kind={kind} value={value} unit={spec?.unit} />
          )}
          {saving && <Spin size="small" aria-label={t.saving} />}
        </div>
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
