import { EditOutlined } from "@ant-design/icons";
import { App, Button, Flex, Skeleton, Spin } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { FriendRequestCard } from "../../components/user/FriendRequestCard";
import { outlineApi } from "../../entities/dnode/api";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { useStreaming } from "../../realtime/streaming";
import { ChatContent, chatViewOf } from "../dialogues";
import { LazyFormula as Formula } from "../formula/LazyFormula";
import { FileView } from "../media/FileView";
import { ImageView } from "../media/ImageView";
import { ProcessView } from "../process/ProcessView";
import { readTextDraft, textDraftKey } from "../richtext/text-drafts";
import type { SaveOptions } from "../richtext/use-autosave";
import { ActionBar, type NodeAction } from "./ActionBar";
import { contentApi } from "./content-api";
import { FieldGroup } from "./FieldGroup";
import { fieldKeys } from "./field-kinds";
import { PendingUpdates } from "./PendingUpdates";

const t = zh.nodeContent;

// The editor (TipTap) and the formula modal load when first shown, keeping them out of the app's first load.
const RichTextEditor = lazy(() =>
  import("../richtext/RichTextEditor").then((m) => ({ default: m.RichTextEditor })),
);
const FormulaModal = lazy(() => import("../formula/FormulaModal").then((m) => ({ default: m.FormulaModal })));

/** The synchronised-copy actions (workspace-spec 6: push and pull appear when the node has a src_id). */
const SYNC_ACTIONS: NodeAction[] = [
  { name: "pull", label: t.pull, params: [] },
  { name: "push", label: t.push, params: [] },
];

const textOf = (node: Dnode) => (typeof node.content.text === "string" ? node.content.text : "");

interface Props {
  node: Dnode;
  /** A server-confirmed change of the node (or, without one, a reason to fetch it again). */
  onChanged: (node?: Dnode) => void;
  /**
   * Nodes a process action changed (the node, siblings it paused, ancestors): into the page's store.
   * Without it only the node's own change is passed on, through `onChanged`.
   */
  onNodes?: (nodes: Dnode[]) => void;
  /** The page shows the draft's editor (its 草稿 view): the content area need not point to it. */
  draftShown?: boolean;
}

/**
 * The content area of a node page (workspace-spec 2 "Node views"): pending updates, the view of the
 * node's type (image, file, formula), sync actions, then the text area and the content fields, each
 * shown or hidden by its toggle. The text starts open when there is text, the fields when there are any.
 */
export function NodeContent({ node, onChanged, onNodes, draftShown = false }: Props) {
  const { message } = App.useApp();
  const editable = node.permissions?.write !== false;
  const hasFields = fieldKeys(node).length > 0;
  // A friend request's card says all there is; its text and raw fields stay behind their toggles.
  const friendRequest = node.content.xtype === "FriendRequestProcess";
  // Ask, reply and chat nodes show as a chat bubble, a draft as its editor (workspace-spec 2): same rule.
  const chatView = chatViewOf(node);
  // Open, too, when text typed earlier is still waiting to be saved, so the editor can offer it again.
  const [showText, setShowText] = useState(
    () =>
      (!friendRequest && !chatView && textOf(node) !== "") ||
      (editable && readTextDraft(textDraftKey(node.id)) !== null),
  );
  // A card, bubble or draft says what matters; the raw fields wait behind their toggle.
  const [showFields, setShowFields] = useState(hasFields && !friendRequest && !chatView);
  const [editingFormula, setEditingFormula] = useState(false);
  // Text streaming in (an answer being written) is shown as it comes, and cannot be edited meanwhile.
  const streaming = useStreaming(node.id);
  // …and stays open once it is done.
  useEffect(() => {
    if (streaming) setShowText(true);
  }, [streaming]);

  const saveText = async (html: string, options: SaveOptions) => {
    onChanged(await outlineApi.update(node.id, { content: { text: html } }, options));
  };
  const saveFormula = async (latex: string) => {
    onChanged(await outlineApi.update(node.id, { name: latex }));
  };
  const runAction = async (action: NodeAction) => {
    const answer = await contentApi.callAction(node.id, action.name);
    message.success(answer.message || t.actionDone(action.label));
    onChanged(answer.dnodes.find((d) => d.id === node.id));
  };

  return (
    <div className="node-content">
      <PendingUpdates node={node} onChanged={onChanged} />
      {friendRequest ? (
        // A friend request is decided, not timed: its card replaces the process view (people-spec 2).
        <FriendRequestCard node={node} onChanged={onChanged} />
      ) : chatView ? (
        // A message or a draft is not timed either: the chat content view replaces the process view.
        <ChatContent node={node} draftShown={draftShown} />
      ) : (
        node.type === "PROCESS" && (
          <ProcessView
            node={node}
            onNodes={onNodes ?? ((nodes) => onChanged(nodes.find((d) => d.id === node.id)))}
          />
        )
      )}
      {node.type === "IMAGE" && <ImageView node={node} onChanged={onChanged} />}
      {node.type === "FILE" && <FileView node={node} />}
      {node.type === "EX" && (
        <Flex align="center" gap={8} className="node-formula">
          <Formula latex={node.name} display />
          {editable && (
            <Button icon={<EditOutlined />} onClick={() => setEditingFormula(true)}>
              {t.editFormula}
            </Button>
          )}
          {editingFormula && (
            <Suspense fallback={<Spin />}>
              <FormulaModal
                open
                latex={node.name}
                display
                onSave={saveFormula}
                onClose={() => setEditingFormula(false)}
              />
            </Suspense>
          )}
        </Flex>
      )}
      {node.src_id ? <ActionBar actions={SYNC_ACTIONS} disabled={!editable} onRun={runAction} /> : null}
      <Flex gap={8} className="node-content-toggles">
        <Button size="small" aria-pressed={showText} onClick={() => setShowText(!showText)}>
          {showText ? t.hideText : t.showText}
        </Button>
        {hasFields && (
          <Button size="small" aria-pressed={showFields} onClick={() => setShowFields(!showFields)}>
            {showFields ? t.hideFields : t.showFields}
          </Button>
        )}
      </Flex>
      {streaming && (
        <Flex role="status" align="center" gap={8} className="node-streaming">
          <Spin size="small" />
          {t.streaming}
        </Flex>
      )}
      {(showText || streaming) && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} title={false} />}>
          <RichTextEditor
            key={node.id}
            html={textOf(node)}
            editable={editable && !streaming}
            onSave={saveText}
            draftKey={textDraftKey(node.id)}
            label={t.textLabel(node.name)}
          />
        </Suspense>
      )}
      {showFields && <FieldGroup node={node} onChanged={onChanged} />}
    </div>
  );
}
