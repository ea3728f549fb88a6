import { FORMULA_PAIR } from "../formula/delimiters";

/**
 * A name's plain text read for what draws differently (issue 12 points 10 and 12): http(s) links, shown
 * as links that open a new tab, and typed `\( … \)` / `\[ … \]` formulas, drawn with KaTeX. Pure.
 */
export type TextRun =
  | { kind: "text"; text: string }
  | { kind: "url"; href: string }
  | { kind: "formula"; latex: string; display: boolean };

// A link runs to a space, a quote or bracket, or Chinese punctuation (names mix both scripts freely).
const WEB_LINK = /https?:\/\/[^\s<>"'`，。；！？、（）【】《》「」『』“”‘’]+/gi;
// Sentence punctuation right after a link belongs to the sentence.
const TRAILING = /[.,;:!?)\]}]+$/;

/** The http(s) links in a text, in order, each with its place. */
export function webLinks(text: string): { href: string; at: number }[] {
  const found: { href: string; at: number }[] = [];
  for (const match of text.matchAll(WEB_LINK)) {
    const href = match[0].replace(TRAILING, "");
    if (/^https?:\/\/[^/?#\s]+/i.test(href)) found.push({ href, at: match.index ?? 0 });
  }
  return found;
}

/** The first http(s) link in a text, or null. */
export const firstWebLink = (text: string): string | null => webLinks(text)[0]?.href ?? null;

/** The host of a link (`www.` dropped), or null when it does not parse. */
export function hostOf(href: string): string | null {
  try {
    return new URL(href).hostname.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** True when plain text has something drawn: a link or a complete formula pair. */
export const hasDrawnRuns = (text: string): boolean => textRuns(text).some((r) => r.kind !== "text");

/** Splits plain text into text, links and formulas, in order; text with none is one text run. */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  const pushText = (until: number) => {
    if (until > last) runs.push({ kind: "text", text: text.slice(last, until) });
  };
  const formulas = [...text.matchAll(FORMULA_PAIR)]
    .filter((m) => (m[1] === "(") === (m[3] === ")") && m[2].trim() !== "")
    .map((m) => ({
      at: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      latex: m[2].trim(),
      display: m[1] === "[",
    }));
  const links = webLinks(text).map((l) => ({ ...l, end: l.at + l.href.length }));
  const marks = [
    ...formulas.map((f) => ({
      ...f,
      run: { kind: "formula", latex: f.latex, display: f.display } as TextRun,
    })),
    ...links.map((l) => ({ ...l, run: { kind: "url", href: l.href } as TextRun })),
  ].sort((a, b) => a.at - b.at);
  for (const mark of marks) {
    // A link inside a formula (or the reverse) stays part of the first.
    if (mark.at < last) continue;
    pushText(mark.at);
    runs.push(mark.run);
    last = mark.end;
  }
  pushText(text.length);
  if (runs.length === 0) runs.push({ kind: "text", text });
  return runs;
}
