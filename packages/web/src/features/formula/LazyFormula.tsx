import { lazy, Suspense } from "react";

// KaTeX and its fonts load with the first formula on screen, not with the app: most pages have none.
const Loaded = lazy(() => import("./Formula").then((m) => ({ default: m.Formula })));

/** A formula, drawn once KaTeX has loaded; until then (and on render failure) its raw LaTeX. */
export function LazyFormula({ latex, display = false }: { latex: string; display?: boolean }) {
  return (
    <Suspense
      fallback={
        <code className="formula formula-raw" data-latex={latex}>
          {latex}
        </code>
      }
    >
      <Loaded latex={latex} display={display} />
    </Suspense>
  );
}
