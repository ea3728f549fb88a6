import { Image, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { contentApi } from "../content/content-api";
import { FALLBACK_IMAGE } from "./fallback-image";
import { clampThumbnailHeight, mediaPathOf, mediaUrl } from "./media-url";
import { ResizeHandle } from "./ResizeHandle";
import "./media.css";
import { messageOf } from "../../api/messages";

const t = zh.media;

/** Props of an IMAGE node's content view. */
export interface ImageViewProps {
  node: Dnode;
  /** Called with the node after its new thumbnail height is saved. */
  onChanged: (node?: Dnode) => void;
}

/**
 * An IMAGE node's content (workspace-spec 2): the thumbnail at its saved height (drag-resizable, 30–800 px,
 * saved on release), a click opens the full preview, a fallback picture when it cannot load, the uploaded
 * file's own name (not the key original_name), and the description under it.
 */
export function ImageView({ node, onChanged }: ImageViewProps) {
  const stored = clampThumbnailHeight(node.content.thumbnail_height);
  const [height, setHeight] = useState(stored);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setHeight(stored), [stored]);

  const path = mediaPathOf(node.content, "image_path");
  const editable = node.permissions?.write !== false;
  const description = typeof node.content.description === "string" ? node.content.description : "";
  const originalName = typeof node.content.original_name === "string" ? node.content.original_name : "";

  const save = async (next: number) => {
    setProblem(null);
    if (next === stored) return;
    setSaving(true);
    try {
      const updated = await contentApi.updateField(node.id, {
        content_type: "thumbnail_height",
        content_value: next,
        field_kind: "number",
      });
      onChanged(updated);
    } catch (error) {
      // Workspace-spec 8: logged, not rolled back; the person still sees why it did not stick.
      console.error("Failed content-field update (thumbnail_height)", error);
      setProblem(t.heightSaveFailed(messageOf(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <figure className="media-image">
      {path ? (
        <Image src={mediaUrl(path)} height={height} alt={node.name} fallback={FALLBACK_IMAGE} />
      ) : (
        <Typography.Text type="secondary">{t.noImage}</Typography.Text>
      )}
      {path && editable && (
        <ResizeHandle
          height={height}
          label={t.resizeHandle}
          onResize={setHeight}
          onCommit={(h) => void save(h)}
        />
      )}
      {originalName && (
        <Typography.Text type="secondary" className="media-image-name">
          {t.originalName(originalName)}
        </Typography.Text>
      )}
      {saving && <Spin size="small" />}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
      {description && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: content.description is rich text sanitised by the server's allow-list (docs/API.md)
        <figcaption className="media-description" dangerouslySetInnerHTML={{ __html: description }} />
      )}
    </figure>
  );
}
