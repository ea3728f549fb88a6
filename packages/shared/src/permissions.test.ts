import { expect, it } from "vitest";
import { covers } from "./permissions";

it("orders levels read < write < admin", () => {
  expect(covers("admin", "write")).toBe(true);
  expect(covers("write", "read")).toBe(true);
  expect(covers("read", "write")).toBe(false);
  expect(covers("write", "admin")).toBe(false);
});

it("counts any grant when no level is asked", () => expect(covers("read")).toBe(true));
