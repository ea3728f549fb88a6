import { hasReferences } from "@zhishu/shared";
import type { MouseEvent } from "react";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { RenderedName } from "../links/RenderedName";
import { hasDrawnRuns } from "../links/text-runs";
import { urlOfNode } from "../links/url-node";
import type { NodeRow } from "./flatten";
import { NameEditor } from "./NameEditor";
import { type FocusRequest, requestFocus } from "./store";

interface Props {
  row: NodeRow;
  node: Dnode;
  editable: boolean;
  tabbable: boolean;
  /** The name is being edited, or is asked to be. */
  editing: boolean;
  /** A request to put the caret in this name. */
  editFocus: FocusRequest | null;
}

/**
 * True when a name reads differently from how it is typed: a formula, `@{…}` references, http(s) links
 * or typed `\( … \)` formulas, or a URL node's page.
 */
export const isDecorated = (node: Pick<Dnode, "type" | "name" | "content">) =>
  node.type === "EX" || hasReferences(node.name) || hasDrawnRuns(node.name) || urlOfNode(node) !== null;

/**
 * A row's name: the inline editor, except that a formula or a name with references is shown drawn
 * (KaTeX, links) until the person edits it — by clicking it, or Enter / F2 on the row, as for any row.
 */
export function RowName({ row, node, editable, tabbable, editing, editFocus }: Props) {
  if (!isDecorated(node) || editing)
    return (
      <NameEditor row={row} name={node.name} editable={editable} tabbable={tabbable} focus={editFocus} />
    );
  const edit = (event: MouseEvent) => {
    // A click on a link (a node, a web page) or a keyword reference follows it instead.
    if ((event.target as HTMLElement).closest("a, button")) return;
    requestFocus(row.key, "end", true);
  };
  return (
    // The row (a focusable treeitem) is the control: Enter / F2 there opens the editor from the keyboard;
    // the click here only spares a mouse user that step.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div className="ol-name ol-name-view" title={editable ? zh.outliner.editName : undefined} onClick={edit}>
      <RenderedName name={node.name} type={node.type} href={urlOfNode(node)} />
    </div>
  );
}
