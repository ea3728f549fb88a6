import { messageOf } from "../../api/messages";
import type { ApiLocation } from "../../entities/dnode/api";
import { listKey } from "../../entities/dnode/list-key";
import { insertAt, placementOf, withoutId } from "../../entities/dnode/list-ops";
import { editList, getList, useNodes } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import { randomKey } from "../../lib/random-key";
import { NESTED_RELATION, type OutlineCore } from "./core";
import type { RowDrop } from "./drag-store";
import { acceptableWays, type MoveWay } from "./drag-ways";
import { parentRow } from "./flatten";
import { followMainPlace } from "./main-place";
import type { Moves } from "./moves";
import { setViewStatus } from "./store";
import type { TreeView } from "./tree-view";
import { rowViewId } from "./view-id";
import { journalAdd, journalDone } from "./write-journal";

const t = zh.outliner;

/** Where a drop puts the node: a list and the sibling it goes before (null: last). */
export interface DropPlace {
  parentId: number;
  relation: string;
  beforeId: number | null;
}

// Main parents are followed this far up when looking for a loop; the server checks the rest.
const ANCESTRY_LIMIT = 1000;

/**
 * Rows dropped on rows (workspace-spec 4 "Drag"): refer, move, clone and move_and_refer. Like the
 * keyboard moves, a drop shows at once and goes to the server in order behind the other edits; a
 * refused one is undone with 移动节点失败 and the server's reason. A clone shows when the server made it.
 */
export class Drops {
  constructor(
    readonly core: OutlineCore,
    private readonly moves: Moves,
  ) {}

  /** The list and place a drop lands in. */
  dropPlace(drop: RowDrop): DropPlace {
    if (drop.position === "insideLast")
      return { parentId: this.core.current(drop.target.id), relation: NESTED_RELATION, beforeId: null };
    return {
      parentId: this.core.current(drop.target.parentId),
      relation: drop.target.relation,
      beforeId: this.core.current(drop.target.id),
    };
  }

  /** True when the drop puts the row back among its own siblings (a reorder). */
  isSameListDrop(drop: RowDrop): boolean {
    const place = this.dropPlace(drop);
    return (
      this.core.current(drop.source.parentId) === place.parentId && drop.source.relation === place.relation
    );
  }

  /** The ways this drop may take, from the rights the server sent and the tree as far as it is known. */
  waysFor(view: TreeView, drop: RowDrop): MoveWay[] {
    const place = this.dropPlace(drop);
    const id = this.core.current(drop.source.id);
    const oldParentId = this.core.current(drop.source.parentId);
    const list = getList(place.parentId, place.relation);
    const sameList = oldParentId === place.parentId && drop.source.relation === place.relation;
    return acceptableWays({
      sourceId: id,
      sourceRights: this.core.node(id)?.permissions,
      oldParentId,
      oldParentRights: this.core.node(oldParentId)?.permissions,
      targetParentId: place.parentId,
      targetParentRights: this.core.node(place.parentId)?.permissions,
      targetAncestry: this.ancestry(view, drop),
      alreadyThere: list?.ids.includes(id) ?? false,
      sameList,
      ontoItself: this.core.current(drop.target.id) === id,
    });
  }

  /**
   * The target parent and what lies above it: the rows above the target on screen, then main parents
   * from the store. A node found there cannot take a link into itself (it would make a loop).
   */
  private ancestry(view: TreeView, drop: RowDrop): Set<number> {
    const found = new Set<number>([this.core.current(view.rootId)]);
    let row = parentRow(view.rows, drop.target.key);
    if (drop.position === "insideLast") found.add(this.core.current(drop.target.id));
    found.add(this.core.current(drop.target.parentId));
    for (; row; row = parentRow(view.rows, row.key)) found.add(this.core.current(row.id));
    const nodes = useNodes.getState().nodes;
    for (const start of [...found]) {
      let at = nodes[start]?.parent_id;
      for (let i = 0; at != null && i < ANCESTRY_LIMIT && !found.has(at); i++) {
        found.add(at);
        at = nodes[at]?.parent_id;
      }
    }
    return found;
  }

  /** Applies a drop the way chosen: shown at once (a clone when the server made it), then sent. */
  applyDrop(drop: RowDrop, way: MoveWay): void {
    this.moves.flushReorders();
    const place = this.dropPlace(drop);
    const id = this.core.current(drop.source.id);
    if (drop.position === "insideLast") setViewStatus(drop.target.viewId, { expanded: true });
    if (way === "clone") {
      this.sendClone(id, place);
      return;
    }
    const from = { parentId: this.core.current(drop.source.parentId), relation: drop.source.relation };
    const fromKey = listKey(from.parentId, from.relation);
    const placement =
      way === "move" ? placementOf(fromKey, getList(from.parentId, from.relation)?.ids ?? [], id) : null;
    if (placement) editList(fromKey, (l) => ({ ids: withoutId(l.ids, id), total: l.total - 1 }));
    this.placeInto(place, id);
    if (way === "move") {
      this.moves.moveViewStatus(drop.source.viewId, rowViewId(place.parentId, place.relation, id));
      if (placement) this.moves.recordMove(null, id, { ...from, placement }, place.parentId, place.relation);
    }
    const undo = () => {
      this.moves.takeOut(place.parentId, place.relation, id);
      if (placement) this.moves.putBack({ ...from, placement }, id);
    };
    if (way === "refer") this.sendRefer(id, place, undo);
    else this.sendWayMove(way, id, from, place, undo);
  }

  /** Puts the node in the drop's list: before its sibling, or last (loading an unloaded list first). */
  private placeInto(place: DropPlace, id: number): void {
    const key = listKey(place.parentId, place.relation);
    if (!getList(place.parentId, place.relation)) {
      if (place.relation === NESTED_RELATION) this.moves.appendInto(place.parentId, id);
      return;
    }
    editList(key, (l) => {
      const rest = withoutId(l.ids, id);
      const at = place.beforeId === null ? -1 : rest.indexOf(place.beforeId);
      return { ids: insertAt(rest, at < 0 ? rest.length : at, id), total: l.total + 1 };
    });
  }

  private async location(place: DropPlace): Promise<ApiLocation> {
    return place.beforeId === null
      ? { position: "insideLast" }
      : { position: "before", before_node_id: await this.core.realId(place.beforeId) };
  }

  private failed(undo: () => void) {
    return (error: unknown) => {
      undo();
      this.core.deps.notify(t.failedBecause(t.moveFailed, messageOf(error, zh.errors.request)));
    };
  }

  private sendWayMove(
    way: "move" | "move_and_refer",
    id: number,
    from: { parentId: number; relation: string },
    place: DropPlace,
    undo: () => void,
  ): void {
    const moved = { parentId: this.core.current(from.parentId), relation: from.relation };
    const to = { parentId: this.core.current(place.parentId), relation: place.relation };
    followMainPlace(this.core.current(id), moved, to);
    // Written down first: a reload before the answer sends it again (replay-journal.ts).
    const seq = journalAdd({
      kind: "move",
      id: this.core.current(id),
      from: this.core.current(from.parentId),
      fromRelation: from.relation,
      to: this.core.current(place.parentId),
      toRelation: place.relation,
      before: place.beforeId === null ? null : this.core.current(place.beforeId),
      way,
    });
    this.core.structural
      .run(async () =>
        this.core.deps.api.move({
          moved_nodes_ids: [await this.core.realId(id)],
          target_node_id: await this.core.realId(place.parentId),
          old_location_id: await this.core.realId(from.parentId),
          old_relationName: from.relation,
          new_relationName: place.relation,
          before_node_id: place.beforeId === null ? null : await this.core.realId(place.beforeId),
          keep_old: false,
          way,
        }),
      )
      .catch(
        this.failed(() => {
          undo();
          followMainPlace(this.core.current(id), to, moved);
        }),
      )
      .finally(() => journalDone(seq));
  }

  /** A drop's refer or clone, written to the journal first: a reload before the answer sends it again. */
  private journalDrop(id: number, place: DropPlace, key?: string): number {
    const where = {
      id: this.core.current(id),
      to: this.core.current(place.parentId),
      relation: place.relation,
      before: place.beforeId === null ? null : this.core.current(place.beforeId),
    };
    return journalAdd(key === undefined ? { kind: "refer", ...where } : { kind: "clone", ...where, key });
  }

  private sendRefer(id: number, place: DropPlace, undo: () => void): void {
    const seq = this.journalDrop(id, place);
    this.core.structural
      .run(async () =>
        this.core.deps.api.refer({
          refered_nodes_ids: [await this.core.realId(id)],
          target_node_id: await this.core.realId(place.parentId),
          relation_name: place.relation,
          location: await this.location(place),
        }),
      )
      .catch(this.failed(undo))
      .finally(() => journalDone(seq));
  }

  /**
   * The copy's ids come from the server, so the target list is loaded again once it exists. Its key
   * makes a retry or a replay after a lost answer find the copy instead of making a second one.
   */
  private sendClone(id: number, place: DropPlace): void {
    const key = randomKey();
    const seq = this.journalDrop(id, place, key);
    this.core.structural
      .run(async () =>
        this.core.deps.api.clone(
          {
            source_id: await this.core.realId(id),
            target_parent_id: await this.core.realId(place.parentId),
            relation_name: place.relation,
            location: await this.location(place),
          },
          key,
        ),
      )
      .then(
        () => this.reloadList(place.parentId, place.relation),
        this.failed(() => undefined),
      )
      .finally(() => journalDone(seq));
  }

  /** Loads a list's first page again, keeping what is shown until it arrives. */
  reloadList(parentId: number, relation: string): Promise<void> {
    return this.core.loadRoot(this.core.current(parentId), [relation]);
  }
}
