import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { createNode } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

// An agent's delivery, accepted or rejected (workspace-spec 4 "AgentProcess delivery_status").
const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });

const act = (id: number, action: string, token = owner.access) =>
  call(server, "POST", `/api/dnode/call_action/${id}/${action}`, { token, body: {} });
const agentProcess = async (content: Record<string, unknown>, location?: number) =>
  (
    await createNode(server, owner.access, {
      type: "PROCESS",
      name: "代理整理资料",
      location_id: location,
      content: { xtype: "AgentProcess", ...content },
    })
  ).dnode;

describe("accept_delivery and reject_delivery", () => {
  it("accept marks a delivered top-level agent process accepted (shown 已接受), once", async () => {
    const p = await agentProcess({ delivery_status: "delivered" });
    const accepted = await act(p.id, "accept_delivery");
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe(MESSAGES.deliveryAccepted);
    expect(accepted.body.dnodes[0].content.delivery_status).toBe("accepted");
    const again = await act(p.id, "reject_delivery");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "DELIVERY_NOT_OFFERED", error: MESSAGES.deliveryNotOffered });
  });

  it("reject marks it rejected; of two deciding at once exactly one wins", async () => {
    const p = await agentProcess({ delivery_status: "delivered" });
    const both = await Promise.all([act(p.id, "reject_delivery"), act(p.id, "accept_delivery")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const node = await call(server, "GET", `/api/dnode/${p.id}`, { token: owner.access });
    expect(["accepted", "rejected"]).toContain(node.body.content.delivery_status);
  });

  it("is refused for what was not delivered, for a process under another process, and for other nodes", async () => {
    const notYet = await agentProcess({ delivery_status: "none" });
    expect((await act(notYet.id, "accept_delivery")).status).toBe(409);
    const parent = (await createNode(server, owner.access, { type: "PROCESS", name: "上级流程" })).dnode;
    const child = await agentProcess({ delivery_status: "delivered" }, parent.id);
    expect((await act(child.id, "accept_delivery")).status).toBe(409);
    const note = (await createNode(server, owner.access, { name: "普通笔记" })).dnode;
    expect((await act(note.id, "accept_delivery")).status).toBe(409);
  });

  it("needs a login and write on the process", async () => {
    const p = await agentProcess({ delivery_status: "delivered" });
    expect((await act(p.id, "accept_delivery", "")).status).toBe(401);
    expect((await act(p.id, "accept_delivery", stranger.access)).status).toBe(403);
    const node = await call(server, "GET", `/api/dnode/${p.id}`, { token: owner.access });
    expect(node.body.content.delivery_status).toBe("delivered");
  });
});
