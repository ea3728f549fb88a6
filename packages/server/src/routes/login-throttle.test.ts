import { MESSAGES } from "@zhishu/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, makeUser, uniqueName } from "../test/client";
import { startTestServer, type TestServer } from "../test/harness";

// Behind one proxy (TRUST_PROXY=1): the address is the one the proxy appended, the last in the header.
let proxied: TestServer;
beforeAll(async () => {
  proxied = await startTestServer({ trustProxy: 1 });
});
afterAll(() => proxied.close());

const login = (server: TestServer, username: string, password: string, forwardedFor?: string) =>
  call(server, "POST", "/api/login", {
    body: { username, password },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

describe("login throttling", () => {
  it("lets at most 10 of 50 parallel wrong guesses through to a password check", async () => {
    const { user, password } = await makeUser(proxied);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(proxied, user.username, `guess-${i}`, "203.0.113.5")),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    expect((await login(proxied, user.username, password, "203.0.113.5")).status).toBe(429);
  });

  it("cannot be dodged by naming another address in X-Forwarded-For before the proxy's entry", async () => {
    const { user, password } = await makeUser(proxied);
    for (let i = 0; i < 10; i++) {
      const res = await login(proxied, user.username, "wrong-one", `10.9.8.${i}, 198.51.100.7`);
      expect(res.status).toBe(401);
    }
    const blocked = await login(proxied, user.username, password, "10.9.8.99, 198.51.100.7");
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      success: false,
      error: MESSAGES.loginRateLimited,
      code: "LOGIN_RATE_LIMITED",
    });
  });

  it("does not lock the owner out from another address (throttled per account AND address)", async () => {
    const { user, password } = await makeUser(proxied);
    for (let i = 0; i < 11; i++) await login(proxied, user.username, "wrong-one", "198.51.100.66");
    expect((await login(proxied, user.username, password, "198.51.100.66")).status).toBe(429);
    expect((await login(proxied, user.username, password, "192.0.2.10")).status).toBe(200);
  });

  it("counts one account under every spelling of its name", async () => {
    const { user, password } = await makeUser(proxied, uniqueName("wide"));
    const wide = user.username
      .toUpperCase()
      .replace(/[A-Z0-9_]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    for (let i = 0; i < 10; i++)
      await login(proxied, i % 2 ? wide : user.username, "wrong-one", "192.0.2.77");
    expect((await login(proxied, user.username, password, "192.0.2.77")).status).toBe(429);
  });

  it("ignores X-Forwarded-For when no proxy is trusted (the default)", async () => {
    const direct = await startTestServer();
    try {
      const { user, password } = await makeUser(direct);
      for (let i = 0; i < 10; i++) await login(direct, user.username, "wrong-one", `192.0.2.${i}`);
      expect((await login(direct, user.username, password, "192.0.2.200")).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe("registration throttling", () => {
  it("refuses the 4th registration in an hour from one address (limit 3 here), not from another", async () => {
    const limited = await startTestServer({ trustProxy: 1, registerLimitPerHour: 3 });
    const register = (address: string) => {
      const username = uniqueName("reg");
      return call(limited, "POST", "/api/register", {
        body: { username, email: `${username}@example.com`, password: "tree-pass-1" },
        headers: { "x-forwarded-for": address },
      });
    };
    for (let i = 0; i < 3; i++) expect((await register("198.51.100.200")).status).toBe(201);
    const refused = await register("198.51.100.200");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      error: MESSAGES.registerRateLimited,
      code: "REGISTER_RATE_LIMITED",
    });
    expect((await register("198.51.100.201")).status).toBe(201);
    await limited.close();
  });
});
