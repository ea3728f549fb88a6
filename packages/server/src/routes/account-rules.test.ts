import { MESSAGES } from "@zhishu/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, makeUser, uniqueName } from "../test/client";
import { startTestServer, type TestServer } from "../test/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const register = (body: Record<string, unknown>) => call(server, "POST", "/api/register", { body });
const fresh = (prefix = "rule") => {
  const username = uniqueName(prefix);
  return { username, email: `${username}@example.com`, password: "tree-pass-1" };
};
/** The same letters in full width (ａｌｉｃｅ for alice): NFKC folds them back. */
const fullWidth = (text: string) =>
  text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe("password rules for new accounts", () => {
  it.each(["password", "12345678", "iloveyou", "Password1", "qwertyuiop"])(
    "refuses the common password %s with a Chinese reason on the password field",
    async (password) => {
      const res = await register({ ...fresh(), password });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: MESSAGES.passwordTooCommon,
        code: "VALIDATION_ERROR",
        details: { password: MESSAGES.passwordTooCommon },
      });
    },
  );

  it("refuses the user name as the password, in any case", async () => {
    const body = fresh("samename");
    const res = await register({ ...body, password: body.username.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.passwordIsUsername);
    expect(res.body.details).toEqual({ password: MESSAGES.passwordIsUsername });
  });

  it("still refuses passwords under 8 characters", async () => {
    const res = await register({ ...fresh(), password: "Xq7#kd" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.passwordTooShort);
  });
});

describe("unique names and e-mail addresses", () => {
  it("stores a full-width name in its plain form and refuses it again in any width or case", async () => {
    const body = fresh("wide");
    const created = await register({ ...body, username: fullWidth(body.username) });
    expect(created.status).toBe(201);
    expect(created.body.user.username).toBe(body.username);

    for (const username of [
      body.username,
      body.username.toUpperCase(),
      fullWidth(body.username.toUpperCase()),
    ]) {
      const again = await register({ ...fresh(), username });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, error: MESSAGES.usernameTaken, code: "USERNAME_TAKEN" });
    }
    // And the account signs in under any of those spellings.
    const login = await call(server, "POST", "/api/login", {
      body: { username: fullWidth(body.username.toUpperCase()), password: body.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.username).toBe(body.username);
  });

  it("refuses an e-mail address that is taken, whatever its case", async () => {
    const first = fresh("mail");
    expect((await register(first)).status).toBe(201);
    const res = await register({ ...fresh(), email: `  ${first.email.toUpperCase()} ` });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: MESSAGES.emailTaken, code: "EMAIL_TAKEN" });
  });

  it("refuses changing one's e-mail to another account's with 409", async () => {
    const alice = await makeUser(server);
    const bob = await makeUser(server);
    const res = await call(server, "PUT", "/api/user/me/", {
      token: bob.access,
      body: { email: alice.user.email?.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("EMAIL_TAKEN");
    const own = await call(server, "PUT", "/api/user/me/", {
      token: bob.access,
      body: { email: `new_${bob.user.email}` },
    });
    expect(own.status).toBe(200);
  });

  it("gives exactly one of two parallel registrations of one name a 201", async () => {
    const body = fresh("race");
    const results = await Promise.all([
      register(body),
      register({ ...body, email: `other_${body.email}`, username: body.username.toUpperCase() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
