import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it("refuses the commonest passwords whatever their case", () => {
    for (const password of ["password", "12345678", "iloveyou", "Password1", "QWERTYUIOP", "1qaz2wsx"]) {
      expect(passwordProblem(password, "alice")).toBe(MESSAGES.passwordTooCommon);
    }
  });

  it("refuses the user's own name, also in another case or width", () => {
    expect(passwordProblem("alice_2026", "alice_2026")).toBe(MESSAGES.passwordIsUsername);
    expect(passwordProblem("ALICE_2026", "alice_2026")).toBe(MESSAGES.passwordIsUsername);
    expect(passwordProblem("ａｌｉｃｅ＿２０２６", "alice_2026")).toBe(MESSAGES.passwordIsUsername);
  });

  it("accepts an uncommon password that is not the name", () => {
    expect(passwordProblem("correct horse battery", "alice")).toBeNull();
    expect(passwordProblem("知树的密码很长", "alice")).toBeNull();
  });
});
