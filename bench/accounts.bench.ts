import { call, makeUser } from "../packages/server/src/test/client";
import { startTestServer } from "../packages/server/src/test/harness";
import { type Measurement, measure } from "./stats";

/** Request latency of the account calls over real HTTP on the embedded database. */
export async function benchAccounts(): Promise<Measurement[]> {
  const server = await startTestServer({ validateResponses: false });
  try {
    const { user, access, password } = await makeUser(server);
    return [
      await measure("GET /api/app-version/", () => call(server, "GET", "/api/app-version/")),
      await measure("GET /api/user/me", () => call(server, "GET", "/api/user/me", { token: access })),
      // Dominated by scrypt on purpose: a login should cost an attacker real work.
      await measure(
        "POST /api/login (scrypt)",
        () => call(server, "POST", "/api/login", { body: { username: user.username, password } }),
        40,
        5,
      ),
    ];
  } finally {
    await server.close();
  }
}
