/**
 * What the outliner and the node's content take from the dialogues feature; the rest is its own. The
 * shell imports none of it (the header's badge comes from `MessagesNavLabel` by path), so all of this
 * loads with the node page's chunk, not at start. The pages stay here on purpose: taken out, the route's
 * DialogueOrNode and its fallback NodePage became two chunks fetched one after the other (issue 18).
 */
export { AddToChatButton } from "./AddToChatButton";
export { ChatContent, chatViewOf } from "./ChatContent";
export { DialogueOrNode } from "./DialogueOrNode";
export { DialoguePage } from "./DialoguePage";
export { DraftNodeView, draftDialogueOf } from "./DraftNodeView";
export { MessagesNavLabel } from "./MessagesNavLabel";
export { MessagesPage } from "./MessagesPage";
export { SendMessageProvider } from "./SendMessageProvider";
export { XiaoxiPage } from "./XiaoxiPage";
