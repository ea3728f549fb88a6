import { createContext, useContext } from "react";
import { outlineApi } from "../../entities/dnode/api";
import { OutlineController } from "./controller";
import type { ControllerDeps } from "./core";
import { keptWhileOffline } from "./offline";
import { replayJournal } from "./replay-journal";
import type { TreeView } from "./tree-view";

/**
 * One controller for the app: the store is shared by every page showing nodes, and so are the
 * temporary ids and the queue that keeps edits in typing order. Pages plug in their toasts and router.
 */
let shared: OutlineController | null = null;

const quiet: ControllerDeps = {
  api: keptWhileOffline(outlineApi),
  notify: () => undefined,
  warn: () => undefined,
  navigate: () => undefined,
  confirm: () => Promise.resolve(true),
  deleted: () => undefined,
};

/** The app's controller, created on first use. */
export function sharedController(): OutlineController {
  shared ??= new OutlineController({ ...quiet });
  return shared;
}

let replayed = false;

/**
 * Once per page load, signed in: rows typed before a reload that the server never confirmed are sent
 * again, and the lists they belong to are read again.
 */
export function replayUnsentEdits(controller: OutlineController): void {
  if (replayed) return;
  replayed = true;
  void replayJournal(controller.core.deps.api).then((parents) => {
    if (parents.size > 0) controller.core.reloadChildren(parents);
  });
}

/** Forgets the app's controller (tests start each case with a fresh one). */
export function resetSharedController(): void {
  shared = null;
  replayed = false;
}

export const ControllerContext = createContext<OutlineController | null>(null);

/** The controller of the tree being rendered. */
export function useController(): OutlineController {
  const controller = useContext(ControllerContext);
  if (!controller) throw new Error("useController outside ControllerContext");
  return controller;
}

export const TreeViewContext = createContext<TreeView | null>(null);

/** The tree (main or side panel) the component is in. */
export function useTreeView(): TreeView {
  const view = useContext(TreeViewContext);
  if (!view) throw new Error("useTreeView outside TreeViewContext");
  return view;
}
