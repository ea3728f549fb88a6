import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { call, makeUser, uniqueName } from "../test/client";
import { startTestServer } from "../test/harness";
import { useTestServer } from "../test/use-test-server";

const { server } = useTestServer();

const register = (body: unknown) => call(server, "POST", "/api/register", { body });

describe("POST /api/register", () => {
  it("creates the user with a USER root node and never returns the password", async () => {
    const username = uniqueName("alice");
    const res = await register({ username, email: `${username}@example.com`, password: "s3cret-pass" });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username, email: `${username}@example.com` });
    expect(res.body.user.content.user_root_node_id).toEqual(expect.any(Number));
    expect(JSON.stringify(res.body)).not.toMatch(/s3cret-pass|password|scrypt/);
  });

  it("refuses a taken username with 409, whatever its case", async () => {
    const username = uniqueName("Bob");
    expect((await register({ username, email: "b@example.com", password: "tree-pass-1" })).status).toBe(201);
    const again = await register({
      username: username.toLowerCase(),
      email: "c@example.com",
      password: "tree-pass-2",
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: MESSAGES.usernameTaken, code: "USERNAME_TAKEN" });
  });

  it.each([
    [{ email: "a@example.com", password: "tree-pass-1" }, "username", MESSAGES.usernameRequired],
    [
      { username: "", email: "a@example.com", password: "tree-pass-1" },
      "username",
      MESSAGES.usernameRequired,
    ],
    [
      { username: "x", email: "a@example.com", password: "tree-pass-1" },
      "username",
      MESSAGES.usernameInvalid,
    ],
    [
      { username: "has space", email: "a@example.com", password: "tree-pass-1" },
      "username",
      MESSAGES.usernameInvalid,
    ],
    [{ username: "carol1", password: "tree-pass-1" }, "email", MESSAGES.emailRequired],
    [{ username: "carol2", email: "not-an-email", password: "tree-pass-1" }, "email", MESSAGES.emailInvalid],
    [{ username: "carol3", email: "a@example.com" }, "password", MESSAGES.passwordRequired],
    [
      { username: "carol4", email: "a@example.com", password: "short" },
      "password",
      MESSAGES.passwordTooShort,
    ],
    [
      { username: 42, email: "a@example.com", password: "tree-pass-1" },
      "username",
      MESSAGES.usernameRequired,
    ],
  ])("refuses %j with 400 naming %s", async (body, field, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "VALIDATION_ERROR", error: message });
    expect(res.body.details[field]).toBe(message);
  });

  it("accepts a Chinese username", async () => {
    const res = await register({
      username: `知树${process.pid}`,
      email: "zs@example.com",
      password: "tree-pass-1",
    });
    expect(res.status).toBe(201);
  });
});

describe("POST /api/login", () => {
  it("returns the user and a token pair that opens /api/user/me", async () => {
    const { user, access, refresh } = await makeUser(server);
    expect(access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refresh).not.toBe(access);
    const me = await call(server, "GET", "/api/user/me", { token: access });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it("gives the same 401 for a wrong password and for an unknown user", async () => {
    const { user } = await makeUser(server);
    const wrong = await call(server, "POST", "/api/login", {
      body: { username: user.username, password: "nope-nope" },
    });
    const unknown = await call(server, "POST", "/api/login", {
      body: { username: uniqueName("ghost"), password: "x" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: MESSAGES.loginFailed, code: "LOGIN_FAILED" });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("400s a login without a password", async () => {
    const res = await call(server, "POST", "/api/login", { body: { username: "someone" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.passwordRequired);
  });

  it("refuses the 11th failed login in a minute from one IP for one name with 429, even with the right password", async () => {
    const { user, password } = await makeUser(server);
    for (let i = 0; i < 10; i++) {
      const res = await call(server, "POST", "/api/login", {
        body: { username: user.username, password: `bad${i}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await call(server, "POST", "/api/login", { body: { username: user.username, password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(MESSAGES.loginRateLimited);
  });

  it("counts parallel failures without losing any", async () => {
    const { user, password } = await makeUser(server);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(server, "POST", "/api/login", { body: { username: user.username, password: `bad${i}` } }),
      ),
    );
    const blocked = await call(server, "POST", "/api/login", { body: { username: user.username, password } });
    expect(blocked.status).toBe(429);
  });
});

describe("POST /api/token/refresh/", () => {
  it("trades a refresh token for a new working pair", async () => {
    const { refresh } = await makeUser(server);
    const res = await call(server, "POST", "/api/token/refresh/", { body: { refresh } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["access", "refresh"]);
    const me = await call(server, "GET", "/api/user/me/", { token: res.body.access });
    expect(me.status).toBe(200);
  });

  it("refuses an access token, a forged token and garbage with 401", async () => {
    const { access, refresh } = await makeUser(server);
    const [header, payload] = refresh.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    for (const token of [access, forged, "garbage"]) {
      const res = await call(server, "POST", "/api/token/refresh/", { body: { refresh: token } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("REFRESH_INVALID");
    }
  });

  it("refuses an expired refresh token with 401", async () => {
    const shortLived = await startTestServer({ refreshTokenTtl: 1 });
    try {
      const { refresh } = await makeUser(shortLived);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await call(shortLived, "POST", "/api/token/refresh/", { body: { refresh } });
      expect(res.status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it("400s a body without refresh", async () => {
    const res = await call(server, "POST", "/api/token/refresh/", { body: {} });
    expect(res.status).toBe(400);
  });
});
