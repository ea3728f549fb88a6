import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { FormulaModal, type FormulaModalProps } from "./FormulaModal";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderModal(props: Partial<FormulaModalProps> = {}) {
  const onSave = vi.fn<FormulaModalProps["onSave"]>(async () => {});
  const onClose = vi.fn();
  render(
    <Providers>
      <FormulaModal open latex="" onSave={onSave} onClose={onClose} {...props} />
    </Providers>,
  );
  return { onSave: (props.onSave as typeof onSave | undefined) ?? onSave, onClose };
}

const textarea = () => screen.getByRole("textbox", { name: "LaTeX 公式" }) as HTMLTextAreaElement;
const saveButton = () => screen.getByRole("button", { name: "保存" }) as HTMLButtonElement;
const type = (text: string) => fireEvent.change(textarea(), { target: { value: text } });
const SYNTAX_ERROR = "公式语法错误，请检查LaTeX语法";

describe("FormulaModal", () => {
  it("is titled 编辑公式 and previews the formula with KaTeX", () => {
    renderModal({ latex: "\\frac{a}{b}" });
    expect(screen.getByText("编辑公式")).toBeTruthy();
    expect(textarea().value).toBe("\\frac{a}{b}");
    const preview = screen.getByRole("region", { name: "公式预览" });
    expect(preview.querySelector(".katex .mfrac")).not.toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it("refuses to save an empty formula, without calling it a syntax error", () => {
    renderModal({ latex: "x" });
    type("   ");
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText(SYNTAX_ERROR)).toBeNull();
  });

  it("refuses to save a formula KaTeX cannot render and says why", () => {
    const { onSave } = renderModal({ latex: "x" });
    type("\\frac{a}{");
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByRole("alert").textContent).toBe(SYNTAX_ERROR);
    fireEvent.keyDown(textarea(), { key: "Enter", ctrlKey: true });
    expect(onSave).not.toHaveBeenCalled();
  });

  it("saves with Ctrl+Enter, then closes", async () => {
    const { onSave, onClose } = renderModal({ latex: "x" });
    type("a^2 + b^2");
    fireEvent.keyDown(textarea(), { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith("a^2 + b^2", { display: false });
  });

  it("does not save on the Ctrl+Enter that belongs to an input-method composition", () => {
    const { onSave } = renderModal({ latex: "x" });
    fireEvent.keyDown(textarea(), { key: "Enter", ctrlKey: true, keyCode: 229 });
    fireEvent.compositionStart(textarea());
    fireEvent.keyDown(textarea(), { key: "Enter", ctrlKey: true });
    expect(onSave).not.toHaveBeenCalled();
  });

  it("cancels with Escape without saving", () => {
    const { onSave, onClose } = renderModal({ latex: "x" });
    fireEvent.keyDown(textarea(), { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("converts typed \\( \\) delimiters 100 ms after typing stops", () => {
    renderModal({ latex: "" });
    vi.useFakeTimers();
    type("\\( x^2 \\)");
    act(() => vi.advanceTimersByTime(99));
    expect(textarea().value).toBe("\\( x^2 \\)");
    act(() => vi.advanceTimersByTime(1));
    expect(textarea().value).toBe("x^2");
  });

  it("saves a \\[ \\] formula as display math, delimiters stripped, even before the conversion ran", async () => {
    const { onSave } = renderModal({ latex: "" });
    type("\\[ \\sum_i i \\]");
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith("\\sum_i i", { display: true }));
  });

  it("says 更新公式失败 and stays open when saving fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { onClose } = renderModal({
      latex: "x",
      onSave: vi.fn(async () => Promise.reject(new Error("500"))),
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText("更新公式失败")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(textarea().value).toBe("x");
  });
});
