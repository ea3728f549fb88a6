import { getList } from "../../entities/dnode/store";
import type { CommandContext, OutlineCommand } from "./commands";
import { neighbourRow, parentRow } from "./flatten";
import type { RowCommand, RowCommandContext } from "./row-commands";
import { endRow, rowsAway } from "./row-range";
import {
  clearRowSelection,
  extendSelection,
  hasTicks,
  reselect,
  selectedRows,
  selectOnly,
  selectRange,
} from "./row-selection";
import { useSelection } from "./selection-store";
import { requestFocus, setActive } from "./store";
import { planIndent } from "./tree-moves";

const selecting = (c: RowCommandContext) => useSelection.getState().selecting[c.view.scope] === true;
const several = (c: RowCommandContext) => hasTicks(c.view);

/** Tab indents only where it can: at the first row it leaves the tree, the keyboard's way out. */
function canIndent(c: RowCommandContext): boolean {
  const first = selectedRows(c.view, c.row)[0]!;
  const list = getList(c.controller.core.current(first.parentId), first.relation);
  return (
    list !== undefined && planIndent({ ...first, id: c.controller.core.current(first.id) }, list) !== null
  );
}

/** Shift+Tab outdents only where it can: on the page's own rows it leaves the tree backwards. */
const canOutdent = (c: RowCommandContext) =>
  selectedRows(c.view, c.row).some((row) => parentRow(c.view.rows, row.key) !== null);

/** Selects a row (not its name) and forgets a keyboard range. */
function moveTo(c: RowCommandContext, key: string | undefined): void {
  if (!key) return;
  clearRowSelection(c.view);
  requestFocus(key, "end", false);
}

/** How many rows fill the tree's window: what PageUp / PageDown move. */
function rowsPerScreen(c: RowCommandContext): number {
  const row = document.querySelector(`[data-row-key="${CSS.escape(c.row.key)}"]`);
  const height = row?.closest(".ol-tree")?.clientHeight ?? window.innerHeight;
  return Math.max(1, Math.floor(height / (row?.getBoundingClientRect().height || 32)) - 1);
}

/**
 * Keys of a selected (not edited) row and of several rows (issue 19 items 3, 4 and 7). They come before
 * the other row commands (row-commands.ts), so Tab indents instead of leaving the tree.
 */
export const ROW_SELECTION_COMMANDS: RowCommand[] = [
  { name: "extendUp", keys: ["Shift+ArrowUp"], run: (c) => extendSelection(c.view, c.row, -1) },
  { name: "extendDown", keys: ["Shift+ArrowDown"], run: (c) => extendSelection(c.view, c.row, 1) },
  {
    name: "selectPrevious",
    keys: ["ArrowUp"],
    run: (c) => moveTo(c, neighbourRow(c.view.rows, c.row.key, -1)?.key),
  },
  {
    name: "selectNext",
    keys: ["ArrowDown"],
    run: (c) => moveTo(c, neighbourRow(c.view.rows, c.row.key, 1)?.key),
  },
  {
    name: "selectFirst",
    keys: ["Home", "Mod+Home"],
    run: (c) => moveTo(c, endRow(c.view.rows, "first")?.key),
  },
  { name: "selectLast", keys: ["End", "Mod+End"], run: (c) => moveTo(c, endRow(c.view.rows, "last")?.key) },
  {
    name: "pageUp",
    keys: ["PageUp"],
    run: (c) => moveTo(c, rowsAway(c.view.rows, c.row.key, -rowsPerScreen(c))?.key),
  },
  {
    name: "pageDown",
    keys: ["PageDown"],
    run: (c) => moveTo(c, rowsAway(c.view.rows, c.row.key, rowsPerScreen(c))?.key),
  },
  {
    name: "editRow",
    keys: ["Enter", "F2"],
    run: (c) => {
      clearRowSelection(c.view);
      requestFocus(c.row.key, "end", true);
    },
  },
  {
    name: "indentRows",
    keys: ["Tab"],
    when: canIndent,
    run: (c) => reselect(c.view, c.controller.blocks.indentRows(c.view, selectedRows(c.view, c.row))),
  },
  {
    name: "outdentRows",
    keys: ["Shift+Tab"],
    when: canOutdent,
    run: (c) => reselect(c.view, c.controller.blocks.outdentRows(c.view, selectedRows(c.view, c.row))),
  },
  {
    name: "moveRowsUp",
    keys: ["Alt+ArrowUp"],
    run: (c) => reselect(c.view, c.controller.blocks.reorderRows(c.view, selectedRows(c.view, c.row), -1)),
  },
  {
    name: "moveRowsDown",
    keys: ["Alt+ArrowDown"],
    run: (c) => reselect(c.view, c.controller.blocks.reorderRows(c.view, selectedRows(c.view, c.row), 1)),
  },
  {
    name: "deleteRows",
    keys: ["Delete", "Backspace"],
    run: (c) => {
      // The focused row alone, when nothing is ticked; the confirm and 撤销 are the ticked rows' own,
      // and so is unticking them once deleted.
      if (!hasTicks(c.view)) selectOnly(c.view, c.row);
      const above = neighbourRow(c.view.rows, selectedRows(c.view, c.row)[0]!.key, -1);
      if (c.controller.selection.deleteSelected(c.view) > 0 && above) requestFocus(above.key, "end", false);
    },
  },
  {
    name: "completeRows",
    keys: ["Mod+Enter"],
    when: several,
    run: (c) => c.controller.blocks.completeRows(selectedRows(c.view, c.row)),
  },
  {
    name: "clearRows",
    keys: ["Escape"],
    when: (c) => several(c) && !selecting(c),
    run: (c) => clearRowSelection(c.view),
  },
];

const onFirstLine = (c: CommandContext) => c.selectionStart === 0;
const onLastLine = (c: CommandContext) => c.selectionEnd === c.text.length;

/**
 * Shift+↑/↓ in a name: the text is selected to its start or end first (the browser's own), then the
 * next press selects rows, starting with the edited one (issue 19 item 3).
 */
export const NAME_SELECTION_COMMANDS: OutlineCommand[] = [
  {
    name: "selectRowsUp",
    keys: ["Shift+ArrowUp"],
    when: onFirstLine,
    run: (c) => startRange(c, -1),
  },
  {
    name: "selectRowsDown",
    keys: ["Shift+ArrowDown"],
    when: onLastLine,
    run: (c) => startRange(c, 1),
  },
];

function startRange(c: CommandContext, direction: -1 | 1): void {
  const next = neighbourRow(c.view.rows, c.row.key, direction);
  if (!next) return;
  c.controller.names.endTypingRun();
  setActive(c.row.key, false);
  selectRange(c.view, c.row.key, next.key);
}
