import { useQuery } from "@tanstack/react-query";
import { Image, Popover, Skeleton, Typography } from "antd";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { useCachedNode } from "../../entities/dnode/cache";
import { typeLabelOf } from "../../entities/dnode/name-prefix";
import { nodeApi } from "../../entities/dnode/node-api";
import { nodeFetchMessage } from "../../entities/dnode/node-error";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { cardPreview } from "../cards/card-preview";
import { LazyFormula as Formula } from "../formula/LazyFormula";
import { mediaUrl } from "../media/media-url";
import { requestNodeName } from "./node-names";
import "./links.css";

const t = zh.links;

/** Link thumbnails are this high (workspace-spec 9). */
export const LINK_THUMBNAIL_PX = 26;

/** How a node reads inside a link: a formula drawn, an image as a 26 px thumbnail, else its name. */
export function NodeLabel({ node }: { node: Dnode }) {
  if (node.type === "EX") return <Formula latex={node.name} />;
  const path = typeof node.content?.image_path === "string" ? node.content.image_path : "";
  if (node.type === "IMAGE" && path)
    return (
      // Clicking the thumbnail previews the image; the link's text still names the node.
      <span className="node-link-image" onClickCapture={(e) => e.preventDefault()}>
        <Image src={mediaUrl(path)} height={LINK_THUMBNAIL_PX} alt={node.name || t.image} />
        {node.name}
      </span>
    );
  return <>{node.name || zh.outliner.untitled}</>;
}

/** The popover's body: the node fetched on first hover (from the store when it is already there). */
function Preview({ id }: { id: number }) {
  const cached = useCachedNode(id);
  const query = useQuery({
    queryKey: ["dnode", id],
    queryFn: () => nodeApi.node(id),
    enabled: !cached,
    retry: false,
  });
  const node = cached ?? query.data;
  if (query.error) return <Typography.Text type="secondary">{nodeFetchMessage(query.error)}</Typography.Text>;
  if (!node) return <Skeleton active title paragraph={{ rows: 1 }} style={{ width: 240 }} />;
  const label = typeLabelOf(node.type, node.content ?? {});
  const text = cardPreview(node.content);
  return (
    <div className="node-link-preview">
      <div className="node-link-preview-title">
        {label && <span className="ol-type">{label.text}</span>}
        <NodeLabel node={node} />
      </div>
      {text && <p>{text}</p>}
    </div>
  );
}

interface Props {
  id: number;
  children?: ReactNode;
}

/**
 * A link to /data/{id} named after the node (asked for in a batch when the page does not hold it) that
 * previews the node in a popover on hover (workspace-spec 2 "A node link shows a hover popover with a
 * preview").
 */
export function NodeLink({ id, children }: Props) {
  const known = useCachedNode(id);
  useEffect(() => {
    if (!known && !children) requestNodeName(id);
  }, [id, known, children]);
  // The popover renders its content only once first opened, so the preview is fetched on hover.
  return (
    <Popover content={<Preview id={id} />} mouseEnterDelay={0.3}>
      <Link to={`/data/${id}`} className="node-link">
        {children ?? (known ? <NodeLabel node={known} /> : t.node(id))}
      </Link>
    </Popover>
  );
}
