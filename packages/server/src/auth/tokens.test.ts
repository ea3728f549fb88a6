import { afterEach, describe, expect, it, vi } from "vitest";
import { createTokenService } from "./tokens";

describe("access tokens remembered once verified", () => {
  afterEach(() => vi.useRealTimers());

  it("answers the same user again, and refuses the token once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T10:00:00Z"));
    const tokens = createTokenService("a secret for the test", { access: 60, refresh: 3600 });
    const token = await tokens.signAccess(7);
    expect(tokens.knownAccess(token)).toBeUndefined();
    expect(await tokens.verifyAccess(token)).toBe(7);
    expect(tokens.knownAccess(token)).toBe(7);
    expect(await tokens.verifyAccess(token)).toBe(7);
    vi.setSystemTime(new Date("2026-11-28T10:01:01Z"));
    expect(tokens.knownAccess(token)).toBeUndefined();
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it("remembers nothing of a forged or refresh token", async () => {
    const tokens = createTokenService("a secret for the test", { access: 60, refresh: 3600 });
    const other = createTokenService("another secret", { access: 60, refresh: 3600 });
    const forged = await other.signAccess(7);
    expect(await tokens.verifyAccess(forged)).toBeNull();
    expect(await tokens.verifyAccess(forged)).toBeNull();
    const refresh = await tokens.signRefresh(7, "family");
    expect(await tokens.verifyAccess(refresh.token)).toBeNull();
    expect(tokens.knownAccess(forged)).toBeUndefined();
    expect(tokens.knownAccess(refresh.token)).toBeUndefined();
  });
});
