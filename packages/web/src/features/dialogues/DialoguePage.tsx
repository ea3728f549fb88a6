import { useParams } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { TitledPage } from "../pages/Pages";
import { DialogueView } from "./DialogueView";

/** /dialogue/{id}: one dialogue (people-spec 2). */
export function DialoguePage() {
  const { id = "" } = useParams();
  const dialogueId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  if (!dialogueId) return <TitledPage title={zh.pages.notFound} />;
  return <DialogueView key={dialogueId} dialogueId={dialogueId} />;
}
