import { LinkOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Tooltip } from "antd";
import { Link } from "react-router";
import { outlineApi } from "../../entities/dnode/api";
import { useNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import type { NodeRow } from "./flatten";
import { useNodePath } from "./node-path";
import { type RowReference, referenceOf } from "./reference";
import "./row-marks.css";

const t = zh.outliner;

/**
 * The mark of a row that is a reference (issue 12 point 11): an icon before the name whose tooltip says
 * where the node lives (引用自 …, its path, read only when hovered) and whose click opens that place.
 */
export function RefMark({ row, node }: { row: NodeRow; node: Dnode }) {
  const reference = referenceOf(row, node);
  if (!reference) return null;
  const to = reference.kind === "ref" ? reference.target : reference.home;
  return (
    <Tooltip title={<RefSource reference={reference} node={node} />} mouseEnterDelay={0.3}>
      <Link className="ol-ref" to={`/data/${to}`} tabIndex={-1} aria-label={t.referenceMark}>
        <LinkOutlined />
      </Link>
    </Tooltip>
  );
}

/** 引用自 and the place: mounted only while the tooltip shows, so unhovered rows fetch nothing. */
function RefSource({ reference, node }: { reference: RowReference; node: Dnode }) {
  const path = useNodePath(node.id, reference.kind === "link");
  const target = useQuery({
    queryKey: ["dnode", reference.kind === "ref" ? reference.target : 0],
    queryFn: () => outlineApi.node((reference as { target: number }).target),
    enabled: reference.kind === "ref",
    retry: false,
  });
  const cachedHome = useNodes((s) => (reference.kind === "link" ? s.nodes[reference.home]?.name : undefined));
  const place =
    reference.kind === "ref"
      ? target.data && `「${target.data.name || t.untitled}」`
      : path
        ? path.map((n) => n.name || t.untitled).join(" / ")
        : cachedHome && `「${cachedHome}」`;
  return <span className="ol-ref-tip">{t.referencedFrom(place ?? "…")}</span>;
}
