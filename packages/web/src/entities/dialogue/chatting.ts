import { create } from "zustand";

/** people-spec 3 "Client-local storage keys": the chat focus trees, kept across reloads. */
export const CHATTING_KEY = "chattingDnodes";

/** A node the person brought into the chat (add to chat), with its relevance and related groups. */
export interface FocusTree {
  id: number;
  name: string;
  relevance?: number;
  groups: Record<string, number[]>;
}

function read(): FocusTree[] {
  try {
    const raw = JSON.parse(localStorage.getItem(CHATTING_KEY) ?? "[]");
    return Array.isArray(raw) ? raw.filter((t) => Number.isInteger(t?.id)) : [];
  } catch {
    return [];
  }
}

interface ChattingStore {
  trees: FocusTree[];
  add(tree: FocusTree): void;
  remove(id: number): void;
}

/** The nodes in the chat (`chattingDnodes`), newest last; adding one already there moves it to the end. */
export const useChatting = create<ChattingStore>((set, get) => {
  const keep = (trees: FocusTree[]) => {
    set({ trees });
    try {
      localStorage.setItem(CHATTING_KEY, JSON.stringify(trees));
    } catch {
      // storage full or denied: the list still holds for this page's life
    }
  };
  return {
    trees: read(),
    add: (tree) => keep([...get().trees.filter((t) => t.id !== tree.id), tree]),
    remove: (id) => keep(get().trees.filter((t) => t.id !== id)),
  };
});
