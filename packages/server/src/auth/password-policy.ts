import { readFileSync } from "node:fs";
import { MESSAGES, normalizeUsername } from "@zhishu/shared";

// Read once at start: 10,000 short lines, a few hundred kilobytes of memory.
const COMMON: ReadonlySet<string> = new Set(
  readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#")),
);

/** How passwords and names are compared here: NFKC, lower case. */
const fold = (text: string) => text.normalize("NFKC").toLowerCase();

/**
 * Why a new password is refused, or null when it may be used: it must not be one of the 10,000
 * commonest passwords (in any case) nor the user's own name. Length is checked by the request schema.
 * Applies to new passwords only; logging in with an older one still works.
 */
export function passwordProblem(password: string, username: string): string | null {
  const folded = fold(password);
  if (COMMON.has(folded)) return MESSAGES.passwordTooCommon;
  if (folded === fold(normalizeUsername(username))) return MESSAGES.passwordIsUsername;
  return null;
}
