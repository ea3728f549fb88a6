import { type KeyBinding, matchesKey } from "../../lib/keys";
import type { OutlineController } from "./controller";
import type { NodeRow } from "./flatten";
import { changeLevel } from "./level-ops";
import { MERGE_COMMANDS } from "./merge-keys";
import { completeRow, toggleRunning } from "./process-keys";
import { NAME_SELECTION_COMMANDS } from "./row-selection-keys";
import type { TreeView } from "./tree-view";

/** What a command sees: the row and the state of its name editor when the key went down. */
export interface CommandContext {
  controller: OutlineController;
  view: TreeView;
  row: NodeRow;
  text: string;
  selectionStart: number;
  selectionEnd: number;
  /** Replaces the editor's text and caret (when a command rewrites the name itself). */
  setText(text: string, caret: number): void;
}

/**
 * A tree command (DESIGN.md "Editor and tree commands are objects { name, keys, run } in one registry"),
 * so the keyboard, menus and a command palette can share them.
 */
export interface OutlineCommand {
  name: string;
  keys: KeyBinding[];
  /** When false the key keeps its ordinary meaning in the text (Backspace inside a name). */
  when?: (ctx: CommandContext) => boolean;
  run(ctx: CommandContext): void;
}

/** Ctrl/⌘+Z undoes; Ctrl/⌘+Shift+Z and Ctrl+Y redo (the letter's case follows Shift and Caps Lock). */
export const UNDO_KEYS = ["Mod+z", "Mod+Z"];
export const REDO_KEYS = ["Mod+Shift+z", "Mod+Shift+Z", "Mod+y", "Mod+Y"];

const caretAtStart = (c: CommandContext) => c.selectionStart === 0 && c.selectionEnd === 0;

export const OUTLINE_COMMANDS: OutlineCommand[] = [
  // Generic completion (workspace-spec 4); a process finishes through its status machine.
  { name: "complete", keys: ["Mod+Enter"], run: (c) => completeRow(c.controller.core, c.row.id) },
  {
    name: "toggleRunning",
    keys: ["Mod+Shift+Enter"],
    run: (c) => toggleRunning(c.controller.core, c.row.id),
  },
  {
    name: "newRow",
    keys: ["Enter"],
    run: (c) => {
      c.controller.rows.enter(c.view, c.row, c.text, c.selectionStart, c.selectionEnd);
      // A new process is draft; saving it with Enter (at the end of its name) makes it running.
      if (c.text !== "" && c.selectionStart === c.text.length) void c.controller.names.startDraft(c.row.id);
    },
  },
  { name: "indent", keys: ["Tab"], run: (c) => c.controller.moves.indent(c.view, c.row, c.selectionStart) },
  {
    name: "outdent",
    keys: ["Shift+Tab"],
    run: (c) => c.controller.moves.outdent(c.view, c.row, c.selectionStart),
  },
  {
    name: "deleteEmptyRow",
    keys: ["Backspace"],
    when: (c) => c.text === "",
    run: (c) => c.controller.rows.backspace(c.view, c.row),
  },
  {
    name: "labelToText",
    keys: ["Backspace"],
    when: (c) => caretAtStart(c) && c.controller.core.isLabelled(c.row.id),
    run: (c) => {
      const text = c.controller.names.labelToText(c.row);
      if (text !== null) c.setText(text, text.length - c.text.length);
    },
  },
  ...MERGE_COMMANDS,
  ...NAME_SELECTION_COMMANDS,
  {
    name: "focusPrevious",
    keys: ["ArrowUp"],
    run: (c) => c.controller.rows.focusSibling(c.view, c.row, -1, c.selectionStart),
  },
  {
    name: "focusNext",
    keys: ["ArrowDown"],
    run: (c) => c.controller.rows.focusSibling(c.view, c.row, 1, c.selectionStart),
  },
  {
    name: "moveUp",
    keys: ["Alt+ArrowUp"],
    run: (c) => c.controller.moves.reorder(c.view, c.row, -1, c.selectionStart),
  },
  {
    name: "moveDown",
    keys: ["Alt+ArrowDown"],
    run: (c) => c.controller.moves.reorder(c.view, c.row, 1, c.selectionStart),
  },
  { name: "collapse", keys: ["Mod+ArrowUp"], run: (c) => void c.controller.rows.toggle(c.row, false) },
  { name: "expand", keys: ["Mod+ArrowDown"], run: (c) => void c.controller.rows.toggle(c.row, true) },
  // One level of the whole tree, as Ctrl+wheel does (workspace-spec 2), beside Ctrl+↑/↓ for one row.
  { name: "openLevel", keys: ["Mod+Alt+ArrowDown"], run: (c) => changeLevel(c.controller, c.view, 1) },
  { name: "closeLevel", keys: ["Mod+Alt+ArrowUp"], run: (c) => changeLevel(c.controller, c.view, -1) },
  { name: "openNode", keys: ["Alt+ArrowRight"], run: (c) => void c.controller.rows.open(c.row) },
  { name: "openParent", keys: ["Alt+ArrowLeft"], run: (c) => c.controller.rows.zoomOut(c.view) },
  { name: "leaveEditing", keys: ["Escape"], run: (c) => c.controller.rows.leaveEditing(c.row) },
  // One stack for typing and structure (undo-history.ts), in place of the browser's text undo, which
  // knows nothing of rows and could empty a name that leaving then deletes.
  { name: "undo", keys: UNDO_KEYS, run: (c) => void c.controller.names.undo() },
  { name: "redo", keys: REDO_KEYS, run: (c) => void c.controller.names.redo() },
];

/** The command a key event runs in this context, or null to let the key do its default. */
export function findCommand(
  event: Parameters<typeof matchesKey>[0],
  ctx: CommandContext,
  commands: readonly OutlineCommand[] = OUTLINE_COMMANDS,
): OutlineCommand | null {
  return (
    commands.find(
      (command) => command.keys.some((k) => matchesKey(event, k)) && (command.when?.(ctx) ?? true),
    ) ?? null
  );
}
