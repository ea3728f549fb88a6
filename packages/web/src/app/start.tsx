import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

/** Renders the app into #root (main.tsx calls it once the early first screen, if any, is drawn). */
export function startApp(): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("no #root element");
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
