import { type KeyBinding, matchesKey } from "../../lib/keys";
import { REDO_KEYS, UNDO_KEYS } from "./commands";
import type { OutlineController } from "./controller";
import { refOf } from "./drag-store";
import type { NodeRow } from "./flatten";
import { changeLevel } from "./level-ops";
import { completeRow, toggleRunning } from "./process-keys";
import { openRowInfo } from "./RowInfoDialog";
import { ROW_SELECTION_COMMANDS } from "./row-selection-keys";
import { setSelecting, setTicked, useSelection } from "./selection-store";
import type { TreeView } from "./tree-view";

/** What a command on a selected (not edited) row sees. */
export interface RowCommandContext {
  controller: OutlineController;
  view: TreeView;
  row: NodeRow;
  /** A short notice (how many rows were cut). */
  info(text: string): void;
}

/** A command of the selected row, in the shape of the editor's commands ({ name, keys, when, run }). */
export interface RowCommand {
  name: string;
  keys: KeyBinding[];
  when?: (ctx: RowCommandContext) => boolean;
  run(ctx: RowCommandContext): void;
}

const selecting = (c: RowCommandContext) => useSelection.getState().selecting[c.view.scope] === true;
const ticked = (c: RowCommandContext) => useSelection.getState().ticked[c.view.scope]?.[c.row.key];
const tickCount = (c: RowCommandContext) =>
  Object.keys(useSelection.getState().ticked[c.view.scope] ?? {}).length;

/**
 * The keys of ticked rows (workspace-spec 2): Space ticks the focused row, Ctrl/⌘+X cuts the ticked
 * rows, Ctrl/⌘+V pastes the cut rows as the focused row's last children, Delete deletes the ticked
 * rows, Escape leaves selecting. They apply to a selected row, never inside a name being edited.
 */
export const ROW_COMMANDS: RowCommand[] = [
  ...ROW_SELECTION_COMMANDS,
  { name: "complete", keys: ["Mod+Enter"], run: (c) => completeRow(c.controller.core, c.row.id) },
  {
    name: "toggleRunning",
    keys: ["Mod+Shift+Enter"],
    run: (c) => toggleRunning(c.controller.core, c.row.id),
  },
  {
    name: "toggleTick",
    keys: [" "],
    when: selecting,
    run: (c) => setTicked(c.view.scope, refOf(c.row), !ticked(c)),
  },
  // Ctrl+X is the clipboard's cut event (use-outline-clipboard.ts): the rows are cut and copied as text.
  {
    name: "pasteCut",
    keys: ["Mod+v", "Mod+V"],
    when: () => useSelection.getState().cut.length > 0,
    run: (c) => void c.controller.selection.pasteOn(c.view, refOf(c.row)),
  },
  {
    name: "deleteSelected",
    keys: ["Delete"],
    when: (c) => tickCount(c) > 0,
    run: (c) => void c.controller.selection.deleteSelected(c.view),
  },
  // A level of the whole tree works from a selected row too, as from the name editor (commands.ts).
  { name: "openLevel", keys: ["Mod+Alt+ArrowDown"], run: (c) => changeLevel(c.controller, c.view, 1) },
  { name: "closeLevel", keys: ["Mod+Alt+ArrowUp"], run: (c) => changeLevel(c.controller, c.view, -1) },
  // The bullet's popover opens on hover; from the keyboard its content opens in a dialog.
  { name: "rowInfo", keys: ["Shift+F10", "ContextMenu"], run: (c) => openRowInfo(c.view, c.row.key) },
  { name: "undo", keys: UNDO_KEYS, run: (c) => void c.controller.names.undo() },
  { name: "redo", keys: REDO_KEYS, run: (c) => void c.controller.names.redo() },
  {
    name: "leaveSelecting",
    keys: ["Escape"],
    when: selecting,
    run: (c) => setSelecting(c.view.scope, false),
  },
];

/** The row command a key runs on this row, or null. */
export function findRowCommand(
  event: Parameters<typeof matchesKey>[0],
  ctx: RowCommandContext,
): RowCommand | null {
  return (
    ROW_COMMANDS.find(
      (command) => command.keys.some((k) => matchesKey(event, k)) && (command.when?.(ctx) ?? true),
    ) ?? null
  );
}
