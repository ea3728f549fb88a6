import { MESSAGES, userAgentChatsLogicId, userAiChatsLogicId } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { dialogueApi, type Person, people } from "../test/dialogues";
import type { TestServer } from "../test/harness";
import { useTestServer } from "../test/use-test-server";

// /xiaoxi?agent_id=…: a person's dialogue with one AGENT node, found or made by the logic id
// UserAiChats_<user>_<agent> (people-spec 2, 3; issue 17).
const { server } = useTestServer();
const api = dialogueApi(server);

async function makeNode(s: TestServer, as: Person, type: string, name: string): Promise<number> {
  const res = await call(s, "POST", "/api/dnode/create/", { token: as.access, body: { type, name } });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.dnode.id;
}

describe("an agent's dialogue", () => {
  it("is made once per person and agent, titled with the agent, its draft addressed to the agent", async () => {
    const [a] = await people(server, 1);
    const agent = await makeNode(server, a, "AGENT", "翻译助手");
    const logic = userAgentChatsLogicId(a.user.id, agent);
    const first = await api.findOrCreate(a, logic);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      created: true,
      dialogue: {
        name: "翻译助手",
        content: {
          dialogue_type: "user_to_ai",
          dialogue_mode: "agent",
          participants: [a.user.id],
          agent_id: agent,
        },
      },
    });
    const id = first.body.dialogue_id;
    const [again, many] = await Promise.all([
      api.findOrCreate(a, logic),
      Promise.all(Array.from({ length: 4 }, () => api.findOrCreate(a, logic))),
    ]);
    expect(again.body).toMatchObject({ created: false, dialogue_id: id });
    expect(new Set(many.map((r) => r.body.dialogue_id))).toEqual(new Set([id]));
    // Not the person's own AI dialogue, and each agent has its own.
    const own = await api.findOrCreate(a, userAiChatsLogicId(a.user.id));
    expect(own.body.dialogue_id).not.toBe(id);
    const other = await makeNode(server, a, "AGENT", "");
    const second = await api.findOrCreate(a, userAgentChatsLogicId(a.user.id, other));
    expect(second.body.dialogue).toMatchObject({ name: MESSAGES.aiDialogueTitle });
    expect(second.body.dialogue_id).not.toBe(id);

    const draft = await api.draft(a, id);
    expect(draft.body.draft_process.content).toMatchObject({
      xtype: "AskProcess",
      dialogue_id: id,
      agents: [agent],
      agent_id: agent,
    });
    const sent = await api.say(a, id, "你好");
    expect(sent.status).toBe(200);
    expect(sent.body.new_draft_process.content).toMatchObject({ agents: [agent], agent_id: agent });
  });

  it("refuses an agent the caller cannot read (403), an unknown one (404), a node that is no agent (400)", async () => {
    const [a, b] = await people(server, 2);
    const theirs = await makeNode(server, b, "AGENT", "B 的助手");
    const refused = await api.findOrCreate(a, userAgentChatsLogicId(a.user.id, theirs));
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
    expect(typeof refused.body.error).toBe("string");
    const unknown = await api.findOrCreate(a, userAgentChatsLogicId(a.user.id, 2_000_000_000));
    expect(unknown.status).toBe(404);
    const note = await makeNode(server, a, "NOTE", "不是智能体");
    const notAgent = await api.findOrCreate(a, userAgentChatsLogicId(a.user.id, note));
    expect(notAgent.status).toBe(400);
    expect(notAgent.body).toMatchObject({ code: "NOT_AN_AGENT", error: MESSAGES.notAnAgent });
    // Only the person the id names may open it, even with an agent they can read.
    const mine = await makeNode(server, a, "AGENT", "A 的助手");
    const forA = await api.findOrCreate(b, userAgentChatsLogicId(a.user.id, mine));
    expect(forA.status).toBe(403);
    expect(forA.body.code).toBe("LOGIC_ID_NOT_YOURS");
    for (const bad of [
      `UserAiChats_${a.user.id}_`,
      `UserAiChats_${a.user.id}_0`,
      `UserAiChats_${a.user.id}_x`,
    ]) {
      const res = await api.findOrCreate(a, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe(MESSAGES.logicIdInvalid);
    }
    const anonymous = await call(server, "POST", "/api/dialogue/find-or-create-by-logic-id/", {
      body: { logic_id: userAgentChatsLogicId(a.user.id, mine) },
    });
    expect(anonymous.status).toBe(401);
  });
});
