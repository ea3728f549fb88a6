import { useQuery } from "@tanstack/react-query";
import { Alert, Collapse, Skeleton, Typography } from "antd";
import { Link } from "react-router";
import { nodeApi } from "../../entities/dnode/node-api";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { AncestorLink } from "./AncestorLink";
import { relationLabel } from "./ListRows";
import { relatedSections } from "./related-sections";

const t = zh.relatedPanels;

/**
 * The other two parts of the default children panel (workspace-spec 2): 反向关系, the nodes that link to
 * this one, and 继承关系, what a concept or instance inherits from its parent concepts. The tree below
 * them is 正向关系. Each group lists its first nodes (the head the node already carries, ≤ 200) and links
 * to its own page for the rest.
 */
export function RelatedPanels({ node }: { node: Dnode }) {
  const sections = relatedSections(node);
  const ids = [...new Set(sections.flatMap((s) => s.groups.flatMap((g) => g.ids)))];
  const query = useQuery({
    queryKey: ["dnode-by-ids", ids.join(",")],
    queryFn: () => nodeApi.byIds(ids),
    enabled: ids.length > 0,
  });
  if (sections.length === 0) return null;
  const byId = new Map((query.data ?? []).map((n) => [n.id, n]));
  return (
    <>
      <Collapse
        className="ol-related"
        size="small"
        items={sections.map((section) => ({
          key: section.kind,
          label: t.section(section.kind === "reverse" ? t.reverse : t.inherited, section.total),
          children: query.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          ) : query.isError ? (
            <Alert type="error" showIcon title={t.loadFailed} />
          ) : (
            section.groups.map((group) => (
              <div key={group.key} className="ol-related-group">
                <Link to={`/data/${node.id}/${group.key}`} className="ol-related-head">
                  {t.groupName(relationLabel(group.relation), group.size)}
                </Link>
                <ul>
                  {group.ids.map((id) => {
                    const related = byId.get(id);
                    return (
                      <li key={id}>{related ? <AncestorLink node={related} /> : <span>{t.locked}</span>}</li>
                    );
                  })}
                </ul>
              </div>
            ))
          ),
        }))}
      />
      {/* The tree below is the third part of the panel. */}
      <Typography.Title level={5} className="ol-forward">
        {t.forward}
      </Typography.Title>
    </>
  );
}
