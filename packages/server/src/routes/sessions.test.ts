import { MESSAGES } from "@zhishu/shared";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, makeUser } from "../test/client";
import { startTestServer, type TestServer } from "../test/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const refresh = (token: unknown) => call(server, "POST", "/api/token/refresh/", { body: { refresh: token } });
const logout = (token: unknown) => call(server, "POST", "/api/logout", { body: { refresh: token } });
const me = (access: string) => call(server, "GET", "/api/user/me/", { token: access });

/** A token signed with the server's own secret but without `exp`: it would never lapse. */
async function tokenWithoutExpiry(userId: number, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(server.config.jwtSecret));
}

describe("refresh token rotation", () => {
  it("gives a new refresh token each time, and the old one no longer works", async () => {
    const first = await makeUser(server);
    const second = await refresh(first.refresh);
    expect(second.status).toBe(200);
    expect(second.body.refresh).not.toBe(first.refresh);
    const third = await refresh(second.body.refresh);
    expect(third.status).toBe(200);
    expect((await me(third.body.access)).status).toBe(200);
  });

  it("revokes the whole login when a used refresh token comes back (a stolen copy)", async () => {
    const login = await makeUser(server);
    const rotated = await refresh(login.refresh);
    expect(rotated.status).toBe(200);

    const replay = await refresh(login.refresh);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ success: false, error: MESSAGES.refreshInvalid, code: "REFRESH_INVALID" });
    // The family is gone: even the newest token, held by whoever refreshed first, is refused now.
    expect((await refresh(rotated.body.refresh)).status).toBe(401);
  });

  it("lets only one of two parallel refreshes with the same token win", async () => {
    const login = await makeUser(server);
    const results = await Promise.all([refresh(login.refresh), refresh(login.refresh)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it("keeps other logins of the same user working when one login's token is replayed", async () => {
    const phone = await makeUser(server);
    const laptop = await call(server, "POST", "/api/login", {
      body: { username: phone.user.username, password: phone.password },
    });
    await refresh(phone.refresh);
    await refresh(phone.refresh); // replay: revokes the phone's login only
    expect((await refresh(laptop.body.refresh)).status).toBe(200);
  });

  it("refuses tokens without exp, access and refresh alike", async () => {
    const { user } = await makeUser(server);
    const access = await tokenWithoutExpiry(user.id, { typ: "access" });
    const res = await me(access);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("TOKEN_INVALID");
    const stale = await tokenWithoutExpiry(user.id, { typ: "refresh", fam: crypto.randomUUID() });
    expect((await refresh(stale)).status).toBe(401);
  });
});

describe("POST /api/logout", () => {
  it("revokes the refresh token and its successors, without needing the access token", async () => {
    const login = await makeUser(server);
    const rotated = await refresh(login.refresh);
    const res = await logout(rotated.body.refresh);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.loggedOut });
    const after = await refresh(rotated.body.refresh);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("REFRESH_INVALID");
  });

  it("is harmless when repeated", async () => {
    const login = await makeUser(server);
    expect((await logout(login.refresh)).status).toBe(200);
    expect((await logout(login.refresh)).status).toBe(200);
  });

  it("401s a forged or foreign token", async () => {
    const { access, refresh: token } = await makeUser(server);
    const [header, payload] = token.split(".");
    for (const bad of [`${header}.${payload}.${"A".repeat(43)}`, access, "garbage"]) {
      const res = await logout(bad);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("REFRESH_INVALID");
    }
  });

  it.each([[{}], [{ refresh: 42 }], [{ refresh: ["a"] }], [{ refresh: "" }]])(
    "400s a malformed body %j",
    async (body) => {
      const res = await call(server, "POST", "/api/logout", { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    },
  );
});
