import { afterAll, beforeAll } from "vitest";
import type { AppConfig } from "../config";
import { makeUser } from "./client";
import { startTestServer, type TestServer } from "./harness";

/** A signed-in test user: the login answer plus the password. */
export type TestUser = Awaited<ReturnType<typeof makeUser>>;

/**
 * The setup most API test files share: one server for the file (started before its tests, closed
 * after) and the named users, registered and signed in. The returned objects are filled in by
 * `beforeAll`, so they can be destructured at the top of the file and read inside the tests:
 * `const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] })`.
 */
export function useTestServer<const Name extends string = never>(
  options: { users?: readonly Name[]; config?: Partial<AppConfig> } = {},
): { server: TestServer } & Record<Name, TestUser> {
  const server = {} as TestServer;
  const users = Object.fromEntries((options.users ?? []).map((name) => [name, {} as TestUser])) as Record<
    Name,
    TestUser
  >;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(options.config));
    for (const user of Object.values<TestUser>(users)) Object.assign(user, await makeUser(server));
  });
  afterAll(() => server.close());
  return { server, ...users };
}
