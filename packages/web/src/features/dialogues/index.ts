/** What the app (routes, shell, breadcrumb) takes from the dialogues feature; the rest is its own. */
export { AddToChatButton } from "./AddToChatButton";
export { ChatContent, chatViewOf } from "./ChatContent";
export { DialogueOrNode } from "./DialogueOrNode";
export { DialoguePage } from "./DialoguePage";
export { DraftNodeView, draftDialogueOf } from "./DraftNodeView";
export { MessagesNavLabel } from "./MessagesNavLabel";
export { MessagesPage } from "./MessagesPage";
export { SendMessageProvider } from "./SendMessageProvider";
export { XiaoxiPage } from "./XiaoxiPage";
