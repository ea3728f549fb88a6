import { Link } from "react-router";
import { typeLabelOf } from "../../entities/dnode/name-prefix";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";

const t = zh.outliner;

/**
 * One ancestor in a path (breadcrumb, bullet popover): its type tag before the name, as a link to its
 * page. The tag is the same one rows show, so a path reads like the tree it came from.
 */
export function AncestorLink({ node }: { node: Dnode }) {
  const label = typeLabelOf(node.type, node.content ?? {});
  return (
    <Link to={`/data/${node.id}`} className="ol-crumb">
      {label && (
        <span className={`ol-type${label.custom ? " ol-type-custom" : ""}`} title={t.typeLabel(label.code)}>
          {label.text}
        </span>
      )}
      {node.name || t.untitled}
    </Link>
  );
}
