import type { Dnode } from "../../entities/dnode/types";
import { hostOf } from "../links/text-runs";
import { urlOfNode } from "../links/url-node";
import "./row-marks.css";

/** A URL node's page host beside its name (issue 12 point 10), so the row says where the link goes. */
export function UrlHost({ node }: { node: Dnode }) {
  const href = urlOfNode(node);
  const host = href ? hostOf(href) : null;
  if (!href || !host) return null;
  return (
    <span className="ol-host" title={href}>
      {host}
    </span>
  );
}
