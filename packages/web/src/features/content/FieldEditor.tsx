import { type FieldKind, parseShanghaiTime } from "@zhishu/shared";
import { DatePicker, Image, Input, Select, Switch, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { zh } from "../../i18n/zh-CN";
import { FALLBACK_IMAGE } from "../media/fallback-image";
import { mediaUrl } from "../media/media-url";
import { datetimeMillis, editText, type FieldSpec, formatShanghai, parseFieldInput } from "./field-kinds";
import { NodeLinks } from "./NodeLinks";

const t = zh.content;
const PICKER_FORMAT = "YYYY-MM-DD HH:mm:ss";

/** What every editor gets: the field, its stored value, and where to send a value or a complaint. */
export interface EditorProps {
  kind: FieldKind;
  label: string;
  value: unknown;
  spec?: FieldSpec;
  onSave: (value: unknown) => void;
  onInvalid: (message: string) => void;
}

/** The editor for one content field, chosen by its kind (workspace-spec 2 "Field group view"). */
export function FieldEditor(props: EditorProps) {
  switch (props.kind) {
    case "boolean":
      return (
        <Switch aria-label={props.label} checked={props.value === true} onChange={(on) => props.onSave(on)} />
      );
    case "select":
      return <SelectEditor {...props} />;
    case "datetime":
      return <DatetimeEditor {...props} />;
    case "image":
      return (
        <>
          <DraftEditor {...props} placeholder={t.imagePlaceholder} />
          {typeof props.value === "string" && props.value !== "" && (
            <Image height={40} src={mediaUrl(props.value)} fallback={FALLBACK_IMAGE} alt={props.value} />
          )}
        </>
      );
    case "DnodeLink":
    case "DnodeList":
      return (
        <>
          <DraftEditor
            {...props}
            placeholder={props.kind === "DnodeLink" ? t.idPlaceholder : t.idsPlaceholder}
          />
          <NodeLinks value={props.value} />
        </>
      );
    default:
      return <DraftEditor {...props} />;
  }
}

/**
 * Typed text (text, number, json, image path, node ids): kept as a draft while typing and read on leaving
 * the input, so a half-typed number is never sent. Enter leaves a one-line input.
 */
function DraftEditor({
  kind,
  label,
  value,
  spec,
  onSave,
  onInvalid,
  placeholder,
}: EditorProps & { placeholder?: string }) {
  const stored = editText(kind, value);
  const [draft, setDraft] = useState(stored);
  // A confirmed save (or someone else's change) brings a new stored value: show it.
  useEffect(() => setDraft(stored), [stored]);
  const commit = () => {
    const parsed = parseFieldInput(kind, draft);
    if (parsed.ok) onSave(parsed.value);
    else onInvalid(parsed.error);
  };
  if (kind === "json")
    return (
      <Input.TextArea
        aria-label={label}
        value={draft}
        title={t.jsonHint}
        autoSize={{ minRows: 2, maxRows: 12 }}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
      />
    );
  return (
    <Input
      aria-label={label}
      value={draft}
      placeholder={placeholder}
      suffix={kind === "number" ? spec?.unit : undefined}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={(e) => e.currentTarget.blur()}
    />
  );
}

/** A date and time picked in Asia/Shanghai, sent as epoch milliseconds; clearing sends null. */
function DatetimeEditor({ label, value, onSave }: EditorProps) {
  const ms = datetimeMillis(value);
  const readable = ms !== null && !Number.isNaN(ms);
  // The picker works in the browser's zone: hand it the Shanghai wall-clock time and read the same back.
  const picked: Dayjs | null = readable ? dayjs(formatShanghai(ms)) : null;
  return (
    <>
      <DatePicker
        aria-label={label}
        showTime
        format={PICKER_FORMAT}
        placeholder={t.datePlaceholder}
        value={picked}
        onChange={(day) => onSave(day ? parseShanghaiTime(day.format(PICKER_FORMAT)) : null)}
      />
      {ms !== null && !readable && (
        <Typography.Text type="warning">
          {t.invalidDate}: {String(value)}
        </Typography.Text>
      )}
    </>
  );
}

/** One of the field's allowed values; clearing sends null. */
function SelectEditor({ label, value, spec, onSave }: EditorProps) {
  const allowed = spec?.options ?? [];
  // A stored value outside the options stays visible rather than silently blank.
  const values =
    value !== null && value !== undefined && !allowed.includes(value as string | number)
      ? [...allowed, value as string | number]
      : allowed;
  return (
    <Select
      aria-label={label}
      allowClear
      placeholder={t.selectPlaceholder}
      style={{ minWidth: 160 }}
      value={value ?? undefined}
      options={values.map((v) => ({ value: v, label: String(v) }))}
      onChange={(next) => onSave(next ?? null)}
    />
  );
}
