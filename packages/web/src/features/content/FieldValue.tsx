import type { FieldKind } from "@zhishu/shared";
import { Image, Typography } from "antd";
import { zh } from "../../i18n/zh-CN";
import { FALLBACK_IMAGE } from "../media/fallback-image";
import { mediaUrl } from "../media/media-url";
import { datetimeMillis, formatShanghai } from "./field-kinds";
import { NodeLinks } from "./NodeLinks";

const t = zh.content;

/** A field's value for a reader who may not edit it. */
export function FieldValue({ kind, value, unit }: { kind: FieldKind; value: unknown; unit?: string }) {
  if (value === null || value === undefined || value === "")
    return <Typography.Text type="secondary">{t.empty}</Typography.Text>;
  switch (kind) {
    case "boolean":
      return <span>{value === true ? t.yes : t.no}</span>;
    case "datetime": {
      const ms = datetimeMillis(value);
      if (ms === null || Number.isNaN(ms))
        return (
          <span>
            {String(value)} <Typography.Text type="warning">{t.invalidDate}</Typography.Text>
          </span>
        );
      return <span>{formatShanghai(ms)}</span>;
    }
    case "json":
      return <pre className="content-field-json">{JSON.stringify(value, null, 2)}</pre>;
    case "image":
      return typeof value === "string" ? (
        <Image height={40} src={mediaUrl(value)} fallback={FALLBACK_IMAGE} alt={value} />
      ) : null;
    case "DnodeLink":
    case "DnodeList":
      return <NodeLinks value={value} />;
    case "number":
      return <span>{unit ? `${String(value)} ${unit}` : String(value)}</span>;
    default:
      return <span>{typeof value === "object" ? JSON.stringify(value) : String(value)}</span>;
  }
}
