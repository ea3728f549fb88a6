import { act, renderHook } from "@testing-library/react";
import { beforeEach, expect, it } from "vitest";
import { upsertNodes } from "../entities/dnode/store";
import type { Dnode } from "../entities/dnode/types";
import { resetOutline } from "../features/outliner/store";
import { shownIds, useLiveNode } from "./shown";

const node = (name: string, version: number, locked?: true) =>
  ({
    id: 40,
    name,
    type: "DIR",
    content: {},
    parent_id: null,
    main_relation: null,
    owner_id: 1,
    version,
    relations: {},
    locked,
  }) as Dnode;

beforeEach(() => resetOutline());

it("a card shows the cache's newer copy and is watched while mounted", () => {
  const { result, unmount } = renderHook(() => useLiveNode(node("首页卡片", 1)));
  expect(result.current.name).toBe("首页卡片");
  expect([...shownIds()]).toEqual([40]);
  act(() => upsertNodes([node("别处改了名", 2)]));
  expect(result.current.name).toBe("别处改了名");
  unmount();
  expect([...shownIds()]).toEqual([]);
});

it("a locked placeholder is neither cached nor watched", () => {
  const { result } = renderHook(() => useLiveNode(node("", 1, true)));
  expect(result.current.locked).toBe(true);
  expect([...shownIds()]).toEqual([]);
});
