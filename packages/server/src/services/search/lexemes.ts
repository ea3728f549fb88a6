import { pinyin } from "pinyin-pro";

// Pinyin suffixes longer than this many characters add little and bloat the index.
const MAX_PINYIN_SUFFIX_CHARS = 8;
const MAX_TEXT_CHARS = 2_000;
const RUNS = /(\p{Script=Han}+)|([\p{L}\p{N}]+)/gu;

function hanLexemes(run: string, out: Set<string>): void {
  const chars = Array.from(run);
  const syllables = pinyin(run, { toneType: "none", type: "array" }).map((s) => s.toLowerCase());
  chars.forEach((char, i) => {
    out.add(char);
    if (i + 1 < chars.length) out.add(char + chars[i + 1]);
    // Every suffix's full pinyin and initials, so a prefix query ('zhishi':*, 'zs':*) can start at any character.
    const end = Math.min(chars.length, i + MAX_PINYIN_SUFFIX_CHARS);
    const suffix = syllables.slice(i, end);
    out.add(suffix.join(""));
    out.add(suffix.map((s) => s[0]).join(""));
  });
}

/**
 * The search lexemes of a text: Chinese character unigrams and bigrams, pinyin (full and initials) of
 * every Chinese run from each character on, and lower-cased words of other scripts.
 * (DESIGN.md "search": trigrams never index the 2-character words people type most.)
 */
export function searchLexemes(...texts: Array<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    const plain = text.replace(/<[^>]*>/g, " ").slice(0, MAX_TEXT_CHARS);
    for (const match of plain.matchAll(RUNS)) {
      if (match[1]) hanLexemes(match[1], out);
      else if (match[2]) out.add(match[2].toLowerCase());
    }
  }
  return [...out];
}

/** Splits a query into lexemes that must all match; the last Latin term matches as a prefix. */
export function queryTerms(query: string): Array<{ lexeme: string; prefix: boolean }> {
  const terms: Array<{ lexeme: string; prefix: boolean }> = [];
  for (const match of query.slice(0, 200).matchAll(RUNS)) {
    if (match[1]) {
      const chars = Array.from(match[1]);
      if (chars.length === 1) terms.push({ lexeme: match[1], prefix: false });
      let previous: string | undefined;
      for (const char of chars) {
        if (previous !== undefined) terms.push({ lexeme: previous + char, prefix: false });
        previous = char;
      }
    } else if (match[2]) {
      // Latin letters may be pinyin (zhishi, zs) or a word: either way a prefix of an indexed lexeme.
      terms.push({ lexeme: match[2].toLowerCase(), prefix: true });
    }
  }
  return terms;
}
