import { Flex, Image, Result, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { zh } from "../../i18n/zh-CN";
import { FALLBACK_IMAGE } from "./fallback-image";
import type { PreviewKind } from "./file-kinds";
import { fetchMediaText } from "./media-fetch";

const t = zh.media;
const PDF_FRAME_HEIGHT = 1000;

/** A file's preview by kind (workspace-spec 2 "File preview"). */
export function FilePreview({ kind, url, name }: { kind: PreviewKind; url: string; name: string }) {
  switch (kind) {
    case "pdf":
      return (
        <iframe className="media-pdf-frame" src={url} title={name} style={{ height: PDF_FRAME_HEIGHT }} />
      );
    case "image":
      return (
        <Image src={url} alt={name} fallback={FALLBACK_IMAGE} preview={false} style={{ maxWidth: "100%" }} />
      );
    case "text":
      return <TextPreview url={url} />;
    default:
      return <Result status="info" title={t.cannotPreview} subTitle={t.downloadToOpen} />;
  }
}

type TextState = { status: "loading" } | { status: "ready"; text: string } | { status: "failed" };

/** The file's text, fetched when the preview opens. */
function TextPreview({ url }: { url: string }) {
  const [state, setState] = useState<TextState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    fetchMediaText(url).then(
      (text) => current && setState({ status: "ready", text }),
      (error) => {
        console.error("File preview failed", error);
        if (current) setState({ status: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (state.status === "loading")
    return (
      <Flex gap={8} align="center">
        <Spin size="small" />
        <Typography.Text type="secondary">{t.loading}</Typography.Text>
      </Flex>
    );
  if (state.status === "failed") return <Typography.Text type="danger">{t.cannotLoad}</Typography.Text>;
  return <pre className="media-text-preview">{state.text}</pre>;
}
