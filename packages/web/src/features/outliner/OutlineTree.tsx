import { defaultRangeExtractor, type Range, useVirtualizer } from "@tanstack/react-virtual";
import { Button } from "antd";
import { type ReactElement, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { listKey } from "../../entities/dnode/list-key";
import { keyOf, useNodes } from "../../entities/dnode/store";
import { zh } from "../../i18n/zh-CN";
import { TreeViewContext, useController } from "./context";
import { NESTED_RELATION } from "./core";
import { type FlatRow, flattenTree, isNodeRow } from "./flatten";
import { GroupHeader, ListLoading, LoadMore, relationLabel } from "./ListRows";
import { OutlineRow } from "./OutlineRow";
import { createProcessOrder } from "./process-order";
import { RowInfoDialog } from "./RowInfoDialog";
import { useRowSelectionEnd } from "./row-selection";
import { selectedRowsOnly } from "./selected-view";
import { setSelecting, useSelection } from "./selection-store";
import { isExpanded, setViewStatus, useOutline } from "./store";
import type { TreeView } from "./tree-view";
import { useAutoLoadMore } from "./use-auto-load-more";
import { useEarlyScreenHandOver } from "./use-early-screen-hand-over";
import { useLevelWheel } from "./use-level-wheel";
import { useOutlineClipboard } from "./use-outline-clipboard";
import { useSelectionBox } from "./use-selection-box";
import { WayPicker } from "./WayPicker";

/** The estimated height of a one-line row; real heights are measured. */
export const ROW_HEIGHT = 32;

interface Props {
  /** This tree's rows and key scope (a node may be open in the main and the side panel at once). */
  view: TreeView;
  rootId: number;
  /** The relation groups shown, in order; `primary` is the node's own children. */
  groups: string[];
  primary: string;
  grouped: boolean;
  /** The page's view id (root form), where collapsed groups are kept. */
  viewId: string;
  label: string;
  describedBy?: string;
}

/**
 * The tree of a node page: the visible tree flattened into rows and virtualised, so only the rows in
 * view (plus the one being edited) are in the DOM, however many children the node has.
 */
export function OutlineTree({ view, rootId, groups, primary, grouped, viewId, label, describedBy }: Props) {
  const controller = useController();
  const lists = useNodes((s) => s.lists);
  const views = useOutline((s) => s.views);
  const aliases = useNodes((s) => s.aliases);
  const activeKey = useOutline((s) => s.active?.key);
  const focus = useOutline((s) => s.focus);
  const collapsedGroups = views[viewId]?.collapsedGroups;
  const viewType = views[viewId]?.viewType;
  // The content view (workspace-spec 2 CONTENTDNODE) shows each row's text under its name.
  const showText = viewType === "CONTENTDNODE";
  // 已选 (SELECTEDNODE) shows the ticked rows only.
  const onlySelected = viewType === "SELECTEDNODE";
  const ticked = useSelection((s) => (onlySelected ? s.ticked[view.scope] : undefined));
  // A process's children in the spec's status order; a new object only when some order changed.
  const processOrder = useNodes(useMemo(createProcessOrder, []));

  const treeRows = useMemo(
    () =>
      flattenTree({
        rootId,
        groups,
        grouped,
        lists,
        isExpanded: (v) => isExpanded(views, v),
        isGroupCollapsed: (g) => collapsedGroups?.includes(g) ?? false,
        keyOf: (id) => keyOf(id, aliases),
        childRelation: NESTED_RELATION,
        scope: view.scope,
        order: processOrder,
      }),
    [view.scope, rootId, groups, grouped, lists, views, aliases, collapsedGroups, processOrder],
  );
  // (A row made in 已选 is ticked as it is made: the controller's insertNode.)
  const rows = useMemo(
    () => (onlySelected ? selectedRowsOnly(treeRows, (key) => ticked?.[key] !== undefined) : treeRows),
    [onlySelected, treeRows, ticked],
  );

  useLayoutEffect(() => {
    view.rows = rows;
    view.rootId = rootId;
    view.viewId = viewId;
  }, [view, rows, rootId, viewId]);

  // Opened rows restored from local storage ask for their children (batched by the load queue);
  // the page's own groups are loaded by the page.
  useEffect(() => {
    for (const row of rows)
      if (row.kind === "loading" && row.parentId !== rootId && !lists[listKey(row.parentId, row.relation)])
        controller.core.ensureLoaded(row.parentId, row.relation);
  }, [controller, rows, lists, rootId]);

  const activeIndex = useMemo(() => rows.findIndex((r) => r.key === activeKey), [rows, activeKey]);
  const focusIndex = useMemo(() => (focus ? rows.findIndex((r) => r.key === focus.key) : -1), [rows, focus]);
  const firstNode = activeIndex < 0 ? rows.findIndex(isNodeRow) : -1;

  // The row being edited stays mounted when scrolled away: its caret and IME composition survive. A row
  // asked to take focus (a new row from Enter or 新建子节点) is mounted in the same render, before the
  // virtualiser has measured where it falls, so it takes the caret before the next key arrives.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      for (const keep of [activeIndex, focusIndex])
        if (keep >= 0 && !indexes.includes(keep)) indexes.push(keep);
      return indexes.sort((a, b) => a - b);
    },
    [activeIndex, focusIndex],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const selectionBox = useSelectionBox(scrollRef, view);
  useLevelWheel(scrollRef, view);
  useOutlineClipboard(scrollRef, view);
  useRowSelectionEnd(view);
  // A tree leaving the screen leaves selecting status: its ticks name rows that are gone.
  useEffect(() => () => setSelecting(view.scope, false), [view.scope]);
  // Stable between renders: a new function would make the virtualiser recompute every row's position.
  const getItemKey = useCallback((i: number) => rows[i].key, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey,
    rangeExtractor,
  });

  useAutoLoadMore(scrollRef, virtualizer, rows);
  useEarlyScreenHandOver(
    scrollRef,
    rows,
    groups.map((g) => lists[listKey(rootId, g)]?.status),
  );

  // A row asked to take focus is scrolled into the window first, so it is rendered and can take it.
  // (A new request is a new `focus` object, so the same index asked again scrolls again.)
  useEffect(() => {
    if (focus && focusIndex >= 0) virtualizer.scrollToIndex(focusIndex, { align: "auto" });
  }, [focus, focusIndex, virtualizer]);

  const toggleGroup = (relation: string) => {
    const collapsed = new Set(collapsedGroups);
    if (collapsed.has(relation)) collapsed.delete(relation);
    else collapsed.add(relation);
    setViewStatus(viewId, { collapsedGroups: [...collapsed] });
  };

  // What a slot's element depends on besides its row and place: a new object when any of it changes.
  const slotInputs = useMemo(
    () => ({ showText, firstNode, grouped, groups, primary, rootId, viewId, collapsedGroups }),
    [showText, firstNode, grouped, groups, primary, rootId, viewId, collapsedGroups],
  );
  const slots = useSlotCache(slotInputs);

  const render = (row: FlatRow, index: number) => {
    switch (row.kind) {
      case "node":
        return (
          <OutlineRow
            row={row}
            tabbable={index === firstNode}
            showText={showText}
            relationTag={
              !grouped && groups.length > 1 && row.depth === 1 && row.relation !== primary
                ? relationLabel(row.relation)
                : null
            }
          />
        );
      case "group":
        return <GroupHeader row={row} rootId={rootId} onToggle={toggleGroup} />;
      case "more":
        return <LoadMore row={row} />;
      case "loading":
        return <ListLoading row={row} />;
    }
  };

  return (
    <TreeViewContext.Provider value={view}>
      {onlySelected && rows.length === 0 && <SelectedEmpty viewId={viewId} />}
      <div
        ref={scrollRef}
        className="ol-tree"
        role="tree"
        aria-multiselectable={true}
        aria-label={label}
        aria-describedby={describedBy}
        onMouseDown={selectionBox.onMouseDown}
      >
        <div role="none" className="ol-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) =>
            slots.get(item.key, item.start, rows[item.index], () => (
              <div
                role="none"
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="ol-slot"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {render(rows[item.index], item.index)}
              </div>
            )),
          )}
        </div>
      </div>
      {selectionBox.box && (
        <div
          className="ol-select-box"
          style={{
            left: selectionBox.box.left,
            top: selectionBox.box.top,
            width: selectionBox.box.right - selectionBox.box.left,
            height: selectionBox.box.bottom - selectionBox.box.top,
          }}
        />
      )}
      <WayPicker scope={view.scope} />
      <RowInfoDialog view={view} />
    </TreeViewContext.Provider>
  );
}

/** 已选 with nothing ticked: what to do, and the way back to the tree. */
function SelectedEmpty({ viewId }: { viewId: string }) {
  return (
    <div className="ol-empty">
      <p>{zh.outliner.selectedEmpty}</p>
      <Button size="small" onClick={() => setViewStatus(viewId, { viewType: "TREEDNODE" })}>
        {zh.outliner.backToTree}
      </Button>
    </div>
  );
}

interface Slot {
  start: number;
  row: FlatRow;
  element: ReactElement;
}

/**
 * The slot elements of the rows in the window, kept from one render to the next. A scroll frame that
 * moves the window re-renders the tree; a row that stays in the window (same row, same place, same
 * inputs) gets back the very element it had, which React skips without a look. Only the rows entering
 * the window make new elements: less work and less garbage on every frame of a scroll.
 */
function useSlotCache(inputs: object) {
  const cache = useRef<{ inputs: object; slots: Map<string | number | bigint, Slot> }>({
    inputs,
    slots: new Map(),
  });
  if (cache.current.inputs !== inputs) cache.current = { inputs, slots: new Map() };
  const slots = cache.current.slots;
  return {
    get(key: string | number | bigint, start: number, row: FlatRow, make: () => ReactElement): ReactElement {
      const kept = slots.get(key);
      if (kept && kept.start === start && kept.row === row) return kept.element;
      const element = make();
      slots.set(key, { start, row, element });
      // Forgets slots far behind the window, so a long scroll does not keep every row it passed.
      if (slots.size > 400) slots.delete(slots.keys().next().value as string | number | bigint);
      return element;
    },
  };
}
