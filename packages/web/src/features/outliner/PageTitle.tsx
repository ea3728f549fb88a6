import { Typography } from "antd";
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef } from "react";
import { typeLabelOf } from "../../entities/dnode/name-prefix";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { isImeKey, matchesKey } from "../../lib/keys";
import { REDO_KEYS, UNDO_KEYS } from "./commands";
import { useController } from "./context";
import type { NodeRow } from "./flatten";
import { relationLabel } from "./ListRows";
import { useFocusRequest, useNameTyping } from "./name-typing";
import { useOutline } from "./store";
import type { TreeView } from "./tree-view";
import "./row-marks.css";

const t = zh.outliner;

/**
 * The node page's title (issue 12 point 15): renamed in place, like a row, through the same write path
 * (controller.names.changeName: type prefixes, formulas, the 50 ms debounced save, the journal that survives a
 * reload or going offline, and one undo stack with the rows). Enter or Escape leave it; clearing it
 * never deletes the page's node. A reader, and a user's root page, show the name as text.
 */
export function PageTitle({
  node,
  view,
  relation,
}: {
  node: Dnode;
  view: TreeView;
  relation: string | null;
}) {
  const label = typeLabelOf(node.type, node.content);
  const shown = node.name || t.untitled;
  const suffix = relation ? ` · ${relationLabel(relation)}` : "";
  // A user's root is named after the user and never changes type: it is not renamed here.
  const canWrite = node.permissions?.write !== false && node.type !== "USER";
  return (
    <Typography.Title
      level={2}
      className="ol-title"
      aria-label={`${label ? `${label.text} ` : ""}${shown}${suffix}`}
    >
      {label && (
        <span className={`ol-type${label.custom ? " ol-type-custom" : ""}`} title={t.typeLabel(label.code)}>
          {label.text}
        </span>
      )}{" "}
      {canWrite ? <TitleEditor node={node} view={view} /> : shown}
      {suffix}
    </Typography.Title>
  );
}

function TitleEditor({ node, view }: { node: Dnode; view: TreeView }) {
  const controller = useController();
  const ref = useRef<HTMLTextAreaElement>(null);
  // What the name edits need of a row: the node and a key of its own (undo puts the caret back by it).
  const row = useMemo<NodeRow>(
    () => ({
      kind: "node",
      key: `${view.scope}title`,
      viewId: "",
      id: node.id,
      parentId: node.parent_id ?? 0,
      relation: node.main_relation ?? "",
      depth: 0,
      index: 0,
      setSize: 1,
      expanded: true,
    }),
    [view.scope, node.id, node.parent_id, node.main_relation],
  );
  const focus = useOutline((s) => (s.focus?.key === row.key ? s.focus : null));
  const { composing, caretAfterRender, handlers } = useNameTyping(row, node.name);

  useLayoutEffect(() => {
    if (caretAfterRender.current === null || !ref.current) return;
    ref.current.setSelectionRange(caretAfterRender.current, caretAfterRender.current);
    caretAfterRender.current = null;
  });

  // An undo or redo of a rename brings the caret back here.
  useFocusRequest(ref, focus);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isImeKey(event, composing.current)) return;
    const is = (keys: string[]) => keys.some((k) => matchesKey(event, k));
    if (event.key === "Enter" || event.key === "Escape") {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (is(UNDO_KEYS)) {
      event.preventDefault();
      controller.names.undo();
    } else if (is(REDO_KEYS)) {
      event.preventDefault();
      controller.names.redo();
    }
  };

  return (
    <textarea
      ref={ref}
      className="ol-title-input"
      rows={1}
      value={node.name}
      placeholder={t.untitled}
      aria-label={t.titleInput}
      spellCheck={false}
      {...handlers}
      onBlur={() => controller.names.endTypingRun()}
      onKeyDown={onKeyDown}
    />
  );
}
