import type { CreateDnodeInput } from "@zhishu/shared";
import { ApiError } from "../../api/client";
import { nodeApi } from "../../entities/dnode/node-api";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";

const PAGE_SIZE = 200;
// A root with more trees than this is not searched further; a second 快速笔记 is the worst outcome.
const MAX_PAGES = 10;
const cacheKey = (rootId: number) => `quickNotes:${rootId}`;

/** The 快速笔记 node among the root's trees (every tree hangs there by CHILD_NODE), or null. */
async function findQuickNotes(rootId: number): Promise<number | null> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await nodeApi.groupPage(rootId, ["CHILD_NODE"], PAGE_SIZE, page);
    const found = data.related_nodes.find((node) => node.name === zh.search.quickNotes);
    if (found) return found.id;
    if (!data.pagination_info.CHILD_NODE?.has_more) return null;
  }
  return null;
}

/** Serialises the find-or-create across this browser's tabs (Web Locks), so two tabs make one node. */
function underQuickNotesLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request("zhishu-quick-notes", run) : run();
}

/**
 * The id of the person's 快速笔记 node, made on first use as a tree at their root (one home card that
 * holds every quick note, instead of a card per note). Remembered in local storage.
 */
export function quickNotesId(rootId: number): Promise<number> {
  return underQuickNotesLock(async () => {
    const cached = Number(localStorage.getItem(cacheKey(rootId)));
    if (cached > 0) return cached;
    const id =
      (await findQuickNotes(rootId)) ??
      (
        await nodeApi.create({
          type: "DIR",
          name: zh.search.quickNotes,
          location_id: rootId,
          relation_name: "USER_ROOT",
        })
      ).dnode.id;
    localStorage.setItem(cacheKey(rootId), String(id));
    return id;
  });
}

/**
 * Creates a quick note (the create body the header box built) under 快速笔记. A remembered node that is
 * gone (deleted, 404) is forgotten and looked for or made again, once.
 */
export async function createQuickNote(
  rootId: number,
  body: Omit<CreateDnodeInput, "location_id">,
): Promise<Dnode> {
  for (let attempt = 0; ; attempt++) {
    const location = await quickNotesId(rootId);
    try {
      const { dnode } = await nodeApi.create({ ...body, location_id: location });
      return dnode;
    } catch (error) {
      if (attempt > 0 || !(error instanceof ApiError) || (error.status !== 404 && error.status !== 410))
        throw error;
      localStorage.removeItem(cacheKey(rootId));
    }
  }
}
