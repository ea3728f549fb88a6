import { DownloadOutlined, EyeOutlined, FileOutlined } from "@ant-design/icons";
import { Button, Flex, Modal, Typography } from "antd";
import { useState } from "react";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { FilePreview } from "./FilePreview";
import { extensionOf, formatFileSize, previewKindOf } from "./file-kinds";
import { saveMediaFile } from "./media-fetch";
import { mediaPathOf, mediaUrl } from "./media-url";
import "./media.css";

const t = zh.media;

/** Props of a FILE node's content view. */
export interface FileViewProps {
  node: Dnode;
  /** Accepted for the same wiring as the other content views; the file view changes nothing. */
  onChanged?: (node?: Dnode) => void;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * A FILE node's content (workspace-spec 2): its original name and size, a download that keeps the name
 * (or opens the link in a new tab when fetching fails), and a preview by file type.
 */
export function FileView({ node }: FileViewProps) {
  const [downloading, setDownloading] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const path = mediaPathOf(node.content, "file_path");
  if (!path) return <Typography.Text type="secondary">{t.noFile}</Typography.Text>;

  const url = mediaUrl(path);
  const name = text(node.content.original_name) || node.name || path;
  const size = typeof node.content.file_size === "number" ? formatFileSize(node.content.file_size) : "";
  const kind = previewKindOf({
    extension: text(node.content.file_type) || extensionOf(name) || extensionOf(path),
    mimeType: text(node.content.mime_type),
  });
  const description = text(node.content.description);

  const download = async () => {
    setDownloading(true);
    try {
      await saveMediaFile(url, name);
    } catch (error) {
      console.error("Download failed; opening the link instead", error);
      window.open(url, "_blank", "noopener,noreferrer");
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="media-file">
      <Flex align="center" gap={8} wrap>
        <FileOutlined />
        <Typography.Text strong>{name}</Typography.Text>
        <Typography.Text type="secondary">
          {t.size}：{size || t.unknownSize}
        </Typography.Text>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void download()}
        >
          {t.download}
        </Button>
        <Button size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
          {t.preview}
        </Button>
      </Flex>
      {description && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: content.description is rich text sanitised by the server's allow-list (docs/API.md)
        <div className="media-description" dangerouslySetInnerHTML={{ __html: description }} />
      )}
      <Modal
        open={previewing}
        title={name}
        footer={null}
        width={1000}
        onCancel={() => setPreviewing(false)}
        destroyOnHidden
      >
        <FilePreview kind={kind} url={url} name={name} />
      </Modal>
    </div>
  );
}
