import { useMemo } from "react";
import { renderLatex } from "./latex";

/**
 * A formula drawn by KaTeX (EX nodes, previews). When KaTeX cannot render it the raw LaTeX is shown
 * instead (workspace-spec 2: "on render failure the raw formula text is shown").
 */
export function Formula({ latex, display = false }: { latex: string; display?: boolean }) {
  const html = useMemo(() => renderLatex(latex, display), [latex, display]);
  if (html === null)
    return (
      <code className="formula formula-raw" data-latex={latex}>
        {latex}
      </code>
    );
  // KaTeX escapes the formula's text and, without `trust`, refuses \href, \url and \html…, so its
  // markup is safe to insert.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output, see above
  return <span className="formula" data-latex={latex} dangerouslySetInnerHTML={{ __html: html }} />;
}
