import type { Db } from "../../db/client";
import type { DialogueFacts } from "../../policies/dialogue";

/** A message just sent in a dialogue, as a responder is handed it (after the send committed). */
export interface SentMessage {
  db: Db;
  dialogue: DialogueFacts;
  /** The delegated AskProcess node that is now the message. */
  messageId: number;
  senderId: number;
  text: string;
  /** The strategy params sent with it (strategy, specific_method, selected_process_ids, …). */
  params: Record<string, unknown>;
}

/**
 * Who answers a message (people-spec 1: "Sending a draft delegates it, to an AI agent or a person").
 * A responder says which dialogues it serves and delivers a sent message: for people delivery is the
 * message being in the dialogue (they read it there, live); the AI assistant (wave 3) will register one
 * for user_to_ai dialogues that writes its reply as the next CHAT and then completes the message.
 * `deliver` runs after the send's transaction, so a slow responder never holds the send's locks; it
 * answers whether the message is delivered now (then it is marked completed) or later (it stays
 * delegated until the responder completes it).
 */
export interface DialogueResponder {
  name: string;
  serves(dialogue: DialogueFacts): boolean;
  deliver(message: SentMessage): Promise<"delivered" | "pending">;
}

// People read messages in the dialogue itself: delivered the moment the send commits.
const people: DialogueResponder = {
  name: "people",
  serves: (dialogue) => dialogue.type !== "user_to_ai",
  deliver: async () => "delivered",
};

const responders: DialogueResponder[] = [];

/** Plugs a responder in; the last one registered that serves a dialogue answers it. */
export function registerDialogueResponder(responder: DialogueResponder): () => void {
  responders.push(responder);
  return () => {
    const at = responders.indexOf(responder);
    if (at >= 0) responders.splice(at, 1);
  };
}

/** The responder for a dialogue, if any (user_to_ai dialogues have none until the AI is built). */
export function responderFor(dialogue: DialogueFacts): DialogueResponder | undefined {
  return (
    [...responders].reverse().find((r) => r.serves(dialogue)) ??
    (people.serves(dialogue) ? people : undefined)
  );
}
