import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { mockFetch } from "../../test-support/api";
import { VersionPrompt } from "./VersionPrompt";

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const serve = (version: string) =>
  mockFetch(() => ({ body: { version, updateConfig: { localStorage: false, logout: false } } }));

const renderPrompt = () =>
  render(
    <Providers>
      <VersionPrompt />
    </Providers>,
  );

describe("the 应用更新 prompt", () => {
  it("does not appear on a first visit", async () => {
    const fetch = serve("2.0.0");
    renderPrompt();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(localStorage.getItem("app_version")).toBe("2.0.0"));
    expect(screen.queryByText("应用更新")).toBeNull();
  });

  it("appears for a changed version; 稍后 keeps it away on the next start", async () => {
    localStorage.setItem("app_version", "1.0.0");
    serve("2.0.0");
    const first = renderPrompt();
    expect(await screen.findByText("知树有新版本 2.0.0，是否立即更新？")).toBeTruthy();
    // antd spaces out a two-character button label.
    fireEvent.click(screen.getByRole("button", { name: /稍\s*后/ }));
    first.unmount();

    const fetch = serve("2.0.0");
    renderPrompt();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("知树有新版本 2.0.0，是否立即更新？")).toBeNull();
    expect(localStorage.getItem("app_version")).toBe("1.0.0");
  });
});
