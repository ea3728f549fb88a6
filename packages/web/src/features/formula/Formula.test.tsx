import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Formula } from "./Formula";

afterEach(cleanup);

describe("Formula", () => {
  it("draws the formula with KaTeX", () => {
    const { container } = render(<Formula latex="\frac{1}{2}" />);
    expect(container.querySelector(".katex")).not.toBeNull();
    expect(container.querySelector(".katex-display")).toBeNull();
    expect(container.querySelector(".mfrac")).not.toBeNull();
  });

  it("draws a display formula on its own line", () => {
    const { container } = render(<Formula latex="x^2" display />);
    expect(container.querySelector(".katex-display")).not.toBeNull();
  });

  it("shows the raw LaTeX when KaTeX cannot render it", () => {
    const { container } = render(<Formula latex="\frac{1}{" />);
    expect(container.querySelector(".katex")).toBeNull();
    expect(container.textContent).toBe("\\frac{1}{");
  });
});
