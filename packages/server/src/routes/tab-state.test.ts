import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { useTestServer } from "../test/use-test-server";

const { server, alice, bob } = useTestServer({ users: ["alice", "bob"] });

const load = (token?: string) => call(server, "GET", "/api/tabstate/get_state/", { token });
const save = (body: unknown, token?: string) =>
  call(server, "POST", "/api/tabstate/save_state/", { token, body });

describe("/api/tabstate", () => {
  it("gives a new user empty tab sets", async () => {
    expect((await load(alice.access)).body).toEqual({
      mainTabs: [],
      siderTabs: [],
      orderedUrls: [],
      orderedSiderUrls: [],
      currentSiderUrl: null,
      currentSiderName: null,
    });
  });

  it("keeps the saved state per user, replacing it on each save, as a second browser finds it", async () => {
    const state = {
      mainTabs: {
        "/data/1": { url: "/data/1", name: "知识树", showLock: false },
        "/empty": { url: "/empty" },
      },
      siderTabs: { "/ask": { url: "/ask", name: "问AI" } },
      orderedUrls: ["/empty", "/data/1"],
      orderedSiderUrls: ["/ask"],
      currentSiderUrl: "/ask",
      currentSiderName: "问AI",
    };
    expect((await save(state, alice.access)).body).toEqual({ success: true });
    expect((await load(alice.access)).body).toEqual(state);
    await save({ state: { ...state, orderedUrls: ["/data/1", "/empty"] } }, alice.access);
    expect((await load(alice.access)).body.orderedUrls).toEqual(["/data/1", "/empty"]);
    expect((await load(bob.access)).body.orderedUrls).toEqual([]);
  });

  it("takes the older name `tabs` for the main tabs", async () => {
    await save({ tabs: [{ url: "/data/9", name: "旧" }], orderedUrls: ["/data/9"] }, bob.access);
    expect((await load(bob.access)).body.mainTabs).toEqual([{ url: "/data/9", name: "旧" }]);
  });

  it("answers 401 signed out and 400 to a malformed state, keeping what was saved", async () => {
    expect((await load()).status).toBe(401);
    expect((await save({ orderedUrls: [] })).status).toBe(401);
    const before = (await load(alice.access)).body;
    for (const bad of [
      { orderedUrls: "x" },
      { mainTabs: [{ name: "no url" }] },
      { orderedUrls: ["x".repeat(3000)] },
    ]) {
      const res = await save(bad, alice.access);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe("string");
    }
    const malformed = await call(server, "POST", "/api/tabstate/save_state/", {
      token: alice.access,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await load(alice.access)).body).toEqual(before);
  });
});
