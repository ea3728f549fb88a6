/*
 * What the outliner and the node's content take from the dialogues feature; the rest is its own. The
 * pages (DialogueOrNode, DialoguePage, MessagesPage, XiaoxiPage) load with their routes
 * (`app/lazy-pages.tsx`) and the header's badge from `MessagesNavLabel` itself, so they stay out of
 * this barrel: a static export here put them in the first download (issue 18).
 */
export { AddToChatButton } from "./AddToChatButton";
export { ChatContent, chatViewOf } from "./ChatContent";
export { DraftNodeView, draftDialogueOf } from "./DraftNodeView";
export { SendMessageProvider } from "./SendMessageProvider";
