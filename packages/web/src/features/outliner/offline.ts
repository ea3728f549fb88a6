import { create } from "zustand";
import { ApiError } from "../../api/client";
import type { OutlineApi } from "../../entities/dnode/api";

/**
 * Edits made without a network are kept, not dropped (issue 11 item 5): a call that got no answer is
 * sent again when the browser says it is back online, or after 1 s, 2 s, 4 s … at most 30 s. Because
 * structural edits go through one serial queue, the ones typed later wait behind it, in typing order.
 */
interface Connectivity {
  /** A call got no answer and is waiting to be sent again. */
  offline: boolean;
  /** How many edits are waiting for the network. */
  waiting: number;
  /** Nodes whose changed name or fields are waiting for the network, with how many saves of each wait. */
  unsaved: ReadonlyMap<number, number>;
}

export const useConnectivity = create<Connectivity>(() => ({
  offline: false,
  waiting: 0,
  unsaved: new Map(),
}));

function countUnsaved(id: number, by: 1 | -1): void {
  useConnectivity.setState((s) => {
    const unsaved = new Map(s.unsaved);
    const count = (unsaved.get(id) ?? 0) + by;
    if (count > 0) unsaved.set(id, count);
    else unsaved.delete(id);
    return { unsaved };
  });
}

/** True while a save of this node waits for the network (its row is marked, like a row not made yet). */
export const useUnsaved = (id: number) => useConnectivity((s) => s.unsaved.has(id));

const MAX_DELAY_MS = 30_000;

const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

function onlineOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}

/**
 * Runs a call until it gets an answer; refusals (any status) are passed on at once. `savingNode` names
 * the node a save is for, so its row can say the save still waits.
 */
export async function untilAnswered<T>(call: () => Promise<T>, savingNode?: number): Promise<T> {
  let delay = 1000;
  let counted = false;
  try {
    for (;;) {
      try {
        const result = await call();
        useConnectivity.setState({ offline: false });
        return result;
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        if (!counted) {
          useConnectivity.setState((s) => ({ waiting: s.waiting + 1 }));
          if (savingNode !== undefined) countUnsaved(savingNode, 1);
        }
        counted = true;
        useConnectivity.setState({ offline: true });
        await onlineOrAfter(delay);
        delay = Math.min(MAX_DELAY_MS, delay * 2);
      }
    }
  } finally {
    if (counted) {
      useConnectivity.setState((s) => ({ waiting: s.waiting - 1 }));
      if (savingNode !== undefined) countUnsaved(savingNode, -1);
    }
  }
}

/** The outliner's writes, each kept until it gets an answer; reads fail as before (they offer 重试). */
export function keptWhileOffline(api: OutlineApi): OutlineApi {
  const kept =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      untilAnswered(() => fn(...args));
  return {
    ...api,
    create: kept(api.create),
    update: (id, body, options) => untilAnswered(() => api.update(id, body, options), id),
    move: kept(api.move),
    refer: kept(api.refer),
    clone: kept(api.clone),
    deleteBatch: kept(api.deleteBatch),
    restoreDeleted: kept(api.restoreDeleted),
  };
}
