import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call, makeUser } from "../test/client";
import { useTestServer } from "../test/use-test-server";

const { server } = useTestServer();

describe("GET /api/user/me", () => {
  it("401s without a token and with a bad one", async () => {
    const none = await call(server, "GET", "/api/user/me");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, error: MESSAGES.notLoggedIn, code: "NOT_LOGGED_IN" });
    const bad = await call(server, "GET", "/api/user/me/", { token: "not.a.token" });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("TOKEN_INVALID");
  });

  it("answers both spellings with the caller's own profile", async () => {
    const { user, access } = await makeUser(server);
    for (const path of ["/api/user/me", "/api/user/me/"]) {
      const res = await call(server, "GET", path, { token: access });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, username: user.username, email: user.email });
      expect(res.body.content.user_root_node_id).toBe(user.content.user_root_node_id);
    }
  });
});

describe("PUT /api/user/me/", () => {
  it("changes the caller's own email and description, keeping other fields", async () => {
    const { access } = await makeUser(server);
    const res = await call(server, "PUT", "/api/user/me/", {
      token: access,
      body: { email: "new@example.com", content: { description: "我爱知识" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe("new@example.com");
    expect(res.body.content.description).toBe("我爱知识");
    const again = await call(server, "PUT", "/api/user/me/", {
      token: access,
      body: { content: { avatar_url: "/a.png" } },
    });
    expect(again.body.content).toMatchObject({ description: "我爱知识", avatar_url: "/a.png" });
  });

  it("refuses unknown fields, a bad email and a username change with 400", async () => {
    const { access } = await makeUser(server);
    for (const body of [{ email: "nope" }, { username: "renamed" }, { content: { user_root_node_id: 1 } }]) {
      const res = await call(server, "PUT", "/api/user/me/", { token: access, body });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it("401s without login", async () => {
    expect((await call(server, "PUT", "/api/user/me/", { body: {} })).status).toBe(401);
  });
});

describe("GET /api/user/{id}", () => {
  it("shows another user's public fields only", async () => {
    const a = await makeUser(server);
    const b = await makeUser(server);
    const res = await call(server, "GET", `/api/user/${b.user.id}`, { token: a.access });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: b.user.id, username: b.user.username });
    expect(res.body).not.toHaveProperty("email");
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/);
  });

  it("404s an unknown id, 400s a malformed one, 401s without login", async () => {
    const { access } = await makeUser(server);
    const missing = await call(server, "GET", "/api/user/2000000000", { token: access });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(MESSAGES.userNotFound);
    for (const id of ["abc", "-1", "1.5", "99999999999"]) {
      expect((await call(server, "GET", `/api/user/${id}`, { token: access })).status).toBe(400);
    }
    expect((await call(server, "GET", "/api/user/1")).status).toBe(401);
  });
});

describe("GET /api/user/search/", () => {
  it("finds people by name, prefix matches first, with the search-result shape and no email", async () => {
    const stamp = `${process.pid}s`;
    const zoe = await makeUser(server, `zoe${stamp}`);
    await makeUser(server, `a_zoe${stamp}`);
    const res = await call(server, "GET", `/api/user/search/?q=ZOE${stamp}&limit=5`, { token: zoe.access });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { name: string }) => u.name)).toEqual([`zoe${stamp}`, `a_zoe${stamp}`]);
    expect(res.body[0]).toEqual({
      id: zoe.user.id,
      type: "USER",
      created_at: expect.any(String),
      name: `zoe${stamp}`,
      username: `zoe${stamp}`,
      content: {
        user_id: zoe.user.id,
        user_type: "PERSON",
        stats: { friends_count: 0, groups_count: 0, followers_count: 0, following_count: 0 },
      },
    });
    expect(JSON.stringify(res.body)).not.toContain("@example.com");
    const viaQuery = await call(server, "GET", `/api/user/search?query=a_zoe${stamp}`, { token: zoe.access });
    expect(viaQuery.body.map((u: { name: string }) => u.name)).toEqual([`a_zoe${stamp}`]);
    expect((await call(server, "GET", "/api/user/search/?q=", { token: zoe.access })).body).toEqual([]);
    expect((await call(server, "GET", "/api/user/search/?q=%25", { token: zoe.access })).body).toEqual([]);
    expect((await call(server, "GET", "/api/user/search/?q=zoe&limit=0", { token: zoe.access })).status).toBe(
      400,
    );
    expect((await call(server, "GET", "/api/user/search/?q=zoe")).status).toBe(401);
  });
});
