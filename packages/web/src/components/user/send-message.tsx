import type { UserNodeJson } from "@zhishu/shared";
import { createContext, useContext } from "react";

/**
 * 发消息 on user cards (people-spec 2): opens the dialogue with that user. The dialogues web part does
 * not exist yet, so nothing provides it and the cards leave the action out. When it lands, wrap the app
 * in `<SendMessageContext value={(user) => …open the dialogue…}>` and every card offers 发消息.
 */
export const SendMessageContext = createContext<((user: UserNodeJson) => void) | null>(null);

/** The 发消息 handler, or null while none is provided (the action is then not shown). */
export const useSendMessage = () => useContext(SendMessageContext);
