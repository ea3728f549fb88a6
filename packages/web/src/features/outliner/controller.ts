import { Bin } from "./bin-ops";
import { Blocks } from "./block-ops";
import { type ControllerDeps, OutlineCore } from "./core";
import { Drops } from "./drops";
import { Merges } from "./merge-rows";
import { Moves } from "./moves";
import { NameEdits } from "./names";
import { Paste } from "./outline-paste";
import { RowEdits } from "./row-edits";
import { SelectionOps } from "./selection-ops";

/**
 * The outliner's controller: small collaborators over one shared core, wired here and nowhere else.
 * Each takes the core and the collaborators it uses, so the graph below is the whole of it (and has no
 * cycle); components reach the part they need (`controller.moves.indent(…)`).
 *
 *   core        ids, rights, loads, undo history, the serial queue, saves waiting and in flight
 *   names       typing, prefixes, chained saves, creations         ← core
 *   moves       Tab / Shift+Tab / Alt+↑↓, undo's moves              ← core, names
 *   bin         deletes into the recycle bin and back               ← core, names, moves
 *   drops       refer / move / clone / move_and_refer drops         ← core, moves
 *   selection   ticked rows: cut, paste on a row, Delete            ← core, moves, bin, drops
 *   merges      Backspace / Delete merging two rows                 ← core, names, moves, bin
 *   blocks      keys on several selected rows as one step           ← core, moves
 *   paste       rows made from a pasted outline                     ← core, names, moves, bin
 *   rows        Enter, Backspace, clearing, focus, opening          ← core, names, moves, bin
 */
export class OutlineController {
  readonly core: OutlineCore;
  readonly names: NameEdits;
  readonly moves: Moves;
  readonly bin: Bin;
  readonly drops: Drops;
  readonly selection: SelectionOps;
  readonly merges: Merges;
  readonly blocks: Blocks;
  readonly paste: Paste;
  readonly rows: RowEdits;

  constructor(deps: ControllerDeps) {
    const core = new OutlineCore(deps);
    const names = new NameEdits(core);
    core.sendSavesWith((id, body) => names.sendSave(id, body));
    const moves = new Moves(core, names);
    const bin = new Bin(core, names, moves);
    const drops = new Drops(core, moves);
    this.core = core;
    this.names = names;
    this.moves = moves;
    this.bin = bin;
    this.drops = drops;
    this.selection = new SelectionOps(core, moves, bin, drops);
    this.merges = new Merges(core, names, moves, bin);
    this.blocks = new Blocks(core, moves);
    this.paste = new Paste(core, names, moves, bin);
    this.rows = new RowEdits(core, names, moves, bin);
  }
}
