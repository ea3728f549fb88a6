import type { CommandContext, OutlineCommand } from "./commands";

const caretAtStart = (c: CommandContext) => c.selectionStart === 0 && c.selectionEnd === 0;
const caretAtEnd = (c: CommandContext) =>
  c.selectionStart === c.text.length && c.selectionEnd === c.text.length;

/**
 * Issue 19 items 1 and 2: Backspace at the start of a row merges it into the row above, Delete at the
 * end merges the next row in (merge-rows.ts). They come after the empty-row and type-label Backspace
 * commands, which keep their meaning.
 */
export const MERGE_COMMANDS: OutlineCommand[] = [
  {
    name: "mergeUp",
    keys: ["Backspace"],
    when: (c) => caretAtStart(c) && c.text !== "",
    run: (c) => c.controller.merges.mergeUp(c.view, c.row),
  },
  {
    name: "mergeDown",
    keys: ["Delete"],
    when: caretAtEnd,
    run: (c) => c.controller.merges.mergeDown(c.view, c.row),
  },
];
