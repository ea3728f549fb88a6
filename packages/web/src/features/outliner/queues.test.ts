import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KeyedDebounce, RelationLoadQueue, SerialQueue } from "./queues";

/** A promise whose resolution the test controls. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("SerialQueue", () => {
  it("runs operations in order, one at a time, past a failure", async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const first = deferred<void>();
    const a = queue.run(async () => {
      log.push("a start");
      await first.promise;
      log.push("a end");
    });
    const b = queue.run(async () => {
      log.push("b");
      throw new Error("refused");
    });
    const c = queue.run(async () => log.push("c"));
    await tick();
    expect(log).toEqual(["a start"]);
    expect(queue.size).toBe(3);
    first.resolve();
    await a;
    await expect(b).rejects.toThrow("refused");
    await c;
    expect(log).toEqual(["a start", "a end", "b", "c"]);
    await queue.idle();
    expect(queue.size).toBe(0);
  });
});

describe("KeyedDebounce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fires once per key 50 ms after the last change, with the changes merged", () => {
    const fire = vi.fn();
    const debounce = new KeyedDebounce<number, Record<string, string>>(50, (a, b) => ({ ...a, ...b }), fire);
    debounce.push(1, { name: "知" });
    debounce.push(2, { name: "树" });
    vi.advanceTimersByTime(30);
    debounce.push(1, { type: "DEF" });
    vi.advanceTimersByTime(20);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(fire).toHaveBeenCalledWith(2, { name: "树" });
    vi.advanceTimersByTime(29);
    expect(fire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fire).toHaveBeenLastCalledWith(1, { name: "知", type: "DEF" });
  });

  it("flushes now or cancels", () => {
    const fire = vi.fn();
    const debounce = new KeyedDebounce<number, string>(50, (_a, b) => b, fire);
    debounce.push(1, "a");
    debounce.flush(1);
    expect(fire).toHaveBeenCalledWith(1, "a");
    debounce.push(2, "b");
    debounce.cancel(2);
    vi.advanceTimersByTime(100);
    expect(fire).toHaveBeenCalledTimes(1);
  });
});

describe("RelationLoadQueue", () => {
  it("runs at most 2 loads, batching up to 5 minus those loading", async () => {
    const batches: { ids: number[]; done: ReturnType<typeof deferred<Map<number, string>>> }[] = [];
    const delivered: number[] = [];
    const queue = new RelationLoadQueue<string>({
      loadBatch: (ids) => {
        const done = deferred<Map<number, string>>();
        batches.push({ ids, done });
        return done.promise;
      },
      loadOne: async (id) => `one ${id}`,
      deliver: (id) => delivered.push(id),
    });
    queue.request(1);
    queue.request(1); // already waiting: not asked twice
    await tick();
    queue.request(1); // already loading: not asked twice
    for (const id of [2, 3, 4, 5, 6, 7, 8]) queue.request(id);
    await tick();
    // The first batch took 1 alone (nothing else waited); the second took 5 - 1 = 4.
    expect(batches.map((b) => b.ids)).toEqual([[1], [2, 3, 4, 5]]);
    batches[0].done.resolve(new Map([[1, "r1"]]));
    await tick();
    // 4 still loading: the next batch may take 1.
    expect(batches.map((b) => b.ids)).toEqual([[1], [2, 3, 4, 5], [6]]);
    expect(delivered).toEqual([1]);
    batches[1].done.resolve(new Map([2, 3, 4, 5].map((id) => [id, `r${id}`])));
    batches[2].done.resolve(new Map([[6, "r6"]]));
    await tick();
    await tick();
    expect(batches.at(-1)!.ids).toEqual([7, 8]);
  });

  it("falls back to loading each id when a batch fails", async () => {
    const results = new Map<number, string | Error>();
    const queue = new RelationLoadQueue<string>({
      loadBatch: async () => {
        throw new Error("batch down");
      },
      loadOne: async (id) => {
        if (id === 2) throw new Error("gone");
        return `one ${id}`;
      },
      deliver: (id, result) => results.set(id, result),
    });
    queue.request(1);
    queue.request(2);
    await tick();
    await tick();
    expect(results.get(1)).toBe("one 1");
    expect(results.get(2)).toBeInstanceOf(Error);
  });
});
