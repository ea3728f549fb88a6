import { create } from "zustand";
import { patchNode, useNodes } from "../entities/dnode/store";

/**
 * Nodes whose text is streaming in (an AI answer being written): `stream_chunk` appends to the node's
 * `content.text` and marks it; `stream_done` clears the mark. A view shows the mark with
 * `useStreaming(id)`; the text itself lives in the one node cache like every other change.
 */
export const useStreamingStore = create<{ ids: Record<number, true> }>(() => ({ ids: {} }));

export const useStreaming = (id: number): boolean => useStreamingStore((s) => s.ids[id] === true);

export function appendChunk(id: number, text: string): void {
  const node = useNodes.getState().nodes[id];
  if (node) {
    const before = typeof node.content.text === "string" ? node.content.text : "";
    patchNode(id, { content: { text: before + text } });
  }
  if (!useStreamingStore.getState().ids[id])
    useStreamingStore.setState((s) => ({ ids: { ...s.ids, [id]: true } }));
}

export function streamDone(id: number): void {
  if (!useStreamingStore.getState().ids[id]) return;
  useStreamingStore.setState((s) => {
    const ids = { ...s.ids };
    delete ids[id];
    return { ids };
  });
}
