import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// axe-core checks the rendered page against WCAG 2 A and AA: names of controls, labels, ARIA use,
// colour contrast.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * The WCAG A/AA violations on the page as it stands. One is left out: antd's editable tabs put their
 * "add" button inside the role=tablist element, which ARIA does not allow; it is antd's markup, and the
 * button itself is named (新建标签页).
 */
export async function violations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the app's CSP rightly forbids those.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } })) as {
      violations: { id: string; help: string; nodes: { target: string[]; html: string }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 200) })),
    }));
  });
  return found
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter(
        (n) => !(v.id === "aria-required-children" && n.target.join(" ").includes("ant-tabs-nav")),
      ),
    }))
    .filter((v) => v.nodes.length > 0);
}
