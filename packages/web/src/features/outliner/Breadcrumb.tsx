import { Breadcrumb as AntBreadcrumb, App, Button } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useNodes } from "../../entities/dnode/store";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { AddToChatButton } from "../dialogues";
import { AncestorLink } from "./AncestorLink";
import { useNodePath } from "./node-path";
import { firstLineOf, labelledName, outlineAsText } from "./outline-text";
import { setSelecting, useSelection } from "./selection-store";
import type { TreeView } from "./tree-view";

const t = zh.breadcrumb;

/** The owner's name is only known when the owner created the node; otherwise a generic 主人. */
export function ownerText(node: Pick<Dnode, "owner_id" | "creator_id" | "creator_name">): string {
  return node.creator_id === node.owner_id && node.creator_name ? node.creator_name : t.owner;
}

/**
 * The node page's breadcrumb (workspace-spec 2): owner link, ancestor path, 复制 as indented text, and
 * the 选择 toggle between the tree's normal and selecting status (workspace-spec 4).
 * The owner link and the button show at once; the path is fetched beside the page and appears when it
 * arrives, so a slow or failed path never holds the page back.
 */
export function Breadcrumb({ node, view }: { node: Dnode; view: TreeView }) {
  const { message } = App.useApp();
  const path = useNodePath(node.id);
  const owner = ownerText(node);
  const selecting = useSelection((s) => s.selecting[view.scope] === true);

  const items: { key: string; title: ReactNode }[] = [
    {
      key: "owner",
      title: (
        <Link to={`/user/${node.owner_id}`} title={t.ownerTitle(owner)}>
          {owner}
        </Link>
      ),
    },
    ...(path ?? []).map((ancestor) => ({
      key: String(ancestor.id),
      title: <AncestorLink node={ancestor} />,
    })),
  ];

  // Read at click time from the tree's current visible rows and the store: nothing re-renders for it.
  const copy = async () => {
    const nodes = useNodes.getState().nodes;
    const untitled = zh.outliner.untitled;
    const lineOf = (id: number) => {
      const row = nodes[id];
      return row ? labelledName(row, untitled) : untitled;
    };
    const text = outlineAsText(labelledName(node, untitled), view.rows, lineOf);
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t.copied(firstLineOf(text)));
    } catch {
      void message.error(t.copyFailed);
    }
  };

  return (
    <div className="ol-breadcrumb">
      <AntBreadcrumb items={items} aria-label={t.label} />
      <Button size="small" type="text" title={t.copyTitle} onClick={() => void copy()}>
        {t.copy}
      </Button>
      <AddToChatButton node={node} />
      <Button
        size="small"
        type="text"
        className={selecting ? "ol-select-on" : undefined}
        aria-pressed={selecting}
        title={zh.dragDrop.selectTitle}
        onClick={() => setSelecting(view.scope, !selecting)}
      >
        {zh.dragDrop.select}
      </Button>
      {selecting && <span className="ol-help">{zh.dragDrop.selectionHelp}</span>}
    </div>
  );
}
