import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { dialogueKeys } from "./api";
import { dialogueNodesChanged } from "./live";

function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(dialogueKeys.list(), { dialogues: [], unread_total: 0 });
  queryClient.setQueryData(["dnode", 1], { id: 1 });
  return queryClient;
}
const stale = (c: QueryClient, key: readonly unknown[]) => c.getQueryState(key)?.isInvalidated;

describe("live changes that concern dialogues", () => {
  it("a message (a process with dialogue_id) or a DIALOGUE node makes the dialogue queries read again", () => {
    for (const node of [
      { type: "PROCESS", content: { dialogue_id: 4 } },
      { type: "DIALOGUE", content: {} },
    ]) {
      const c = client();
      dialogueNodesChanged([node], c);
      expect(stale(c, dialogueKeys.list())).toBe(true);
      expect(stale(c, ["dnode", 1])).toBe(false);
    }
  });

  it("other nodes leave them alone", () => {
    const c = client();
    dialogueNodesChanged([{ type: "NOTE", content: { text: "x" } }], c);
    expect(stale(c, dialogueKeys.list())).toBe(false);
  });
});
