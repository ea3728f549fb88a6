import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { DraftEditor } from "./DraftEditor";
import "./dialogues.css";

const t = zh.dialogues;

/** The dialogue a draft belongs to, when it is a draft (an AskProcess of a dialogue, not yet sent). */
export function draftDialogueOf(node: Pick<Dnode, "type" | "content">): number | null {
  const { xtype, dialogue_id, self_status } = node.content;
  if (xtype !== "AskProcess" || (self_status ?? "draft") !== "draft") return null;
  const id = Number(dialogue_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The DRAFTDNODE view (workspace-spec 2 "View types"), offered on the node page of one's own draft in
 * place of the tree: its dialogue's draft editor (autosaved, Enter sends, kept in step with other
 * tabs); the content area above names the draft and links its dialogue. `onSent` follows a send.
 */
export function DraftNodeView({
  dialogueId,
  onSent,
}: {
  dialogueId: number;
  onSent: (message: Dnode) => void;
}) {
  return (
    <section className="dlg-draft-node-view" aria-label={t.draftView}>
      <DraftEditor dialogueId={dialogueId} onSent={onSent} />
    </section>
  );
}
