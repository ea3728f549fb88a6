import { Tag } from "antd";
import type { Dnode } from "../../entities/dnode/types";
import { infoTags } from "./info-tags";
import type { RelationMeta } from "./store";
import { textPreview } from "./text-preview";

/**
 * The tags of the relation that puts a row under its parent (workspace-spec 2 "Relation info tags").
 * The row reads that one relation's entry (row-state.ts), so a page of relations arriving re-renders no
 * row whose tags did not change.
 */
export function RelationTags({ meta }: { meta: RelationMeta | undefined }) {
  const tags = infoTags(meta);
  if (tags.length === 0) return null;
  return (
    <span className="ol-info">
      {tags.map((tag) => (
        <Tag key={tag.key} color={tag.color} title={tag.title} aria-label={tag.title} variant="filled">
          {tag.text}
        </Tag>
      ))}
    </span>
  );
}

/** A row's text as a plain-text preview of a few lines (the content view), or nothing when it has none. */
export function RowText({ node, indent }: { node: Dnode; indent: number }) {
  const text = textPreview(node.content);
  if (!text) return null;
  return (
    <div className="ol-text" style={{ paddingLeft: indent }}>
      <div className="ol-text-clamp">{text}</div>
    </div>
  );
}
