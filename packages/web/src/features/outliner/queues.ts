/**
 * The three timing tools of the outliner: structural edits run one after another in the order typed,
 * name saves are debounced per node, and relation loads follow the spec's queue.
 */

/** Runs async operations strictly one after another; a failure does not stop the ones after it. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private count = 0;

  /** Queues `op` after everything queued before it; resolves or rejects with its own result. */
  run<T>(op: () => Promise<T>): Promise<T> {
    this.count++;
    const result = this.tail.then(op);
    this.tail = result.then(
      () => this.count--,
      () => this.count--,
    );
    return result;
  }

  /** Operations queued or running. */
  get size(): number {
    return this.count;
  }

  /** Resolves when everything queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}

/** Per-key debounce that merges what arrives in the wait (workspace-spec 9: node update debounce 50 ms). */
export class KeyedDebounce<K, V> {
  private timers = new Map<K, { value: V; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly delayMs: number,
    private readonly merge: (older: V, newer: V) => V,
    private readonly fire: (key: K, value: V) => void,
  ) {}

  push(key: K, value: V): void {
    const old = this.timers.get(key);
    if (old) clearTimeout(old.timer);
    const merged = old ? this.merge(old.value, value) : value;
    this.timers.set(key, { value: merged, timer: setTimeout(() => this.flush(key), this.delayMs) });
  }

  /** Fires the key's waiting value now (before an edit that must see it saved first). */
  flush(key: K): void {
    const entry = this.timers.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.timers.delete(key);
    this.fire(key, entry.value);
  }

  flushAll(): void {
    for (const key of [...this.timers.keys()]) this.flush(key);
  }

  /** Drops the waiting value (the node is being deleted). */
  cancel(key: K): void {
    const entry = this.timers.get(key);
    if (entry) clearTimeout(entry.timer);
    this.timers.delete(key);
  }

  has(key: K): boolean {
    return this.timers.has(key);
  }
}

export interface LoadQueueOptions<R> {
  /** One request for several nodes (batch_relations_with_data); a map entry per id, an Error for failures. */
  loadBatch(ids: number[]): Promise<Map<number, R | Error>>;
  /** The fallback for one node when its batch failed as a whole. */
  loadOne(id: number): Promise<R>;
  deliver(id: number, result: R | Error): void;
  maxConcurrent?: number;
  batchSize?: number;
}

/**
 * The relation loading queue of workspace-spec 7: at most 2 loads run at once; waiting nodes go in
 * batches of up to 5 minus the nodes already loading; a failed batch falls back to loading each id.
 * Opening many rows at once (a restored view) costs a few requests, not one per row.
 */
export class RelationLoadQueue<R> {
  private waiting: number[] = [];
  private loading = new Set<number>();
  private running = 0;
  private scheduled = false;
  private readonly maxConcurrent: number;
  private readonly batchSize: number;

  constructor(private readonly options: LoadQueueOptions<R>) {
    this.maxConcurrent = options.maxConcurrent ?? 2;
    this.batchSize = options.batchSize ?? 5;
  }

  /** Asks for a node's children; a node already waiting or loading is not asked twice. */
  request(id: number): void {
    if (this.loading.has(id) || this.waiting.includes(id)) return;
    this.waiting.push(id);
    // Pumped a microtask later, so rows asking in the same render go out in one batch.
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        this.pump();
      });
    }
  }

  private pump(): void {
    while (this.running < this.maxConcurrent && this.waiting.length > 0) {
      const room = this.batchSize - this.loading.size;
      if (room <= 0) return;
      void this.load(this.waiting.splice(0, room));
    }
  }

  private async load(batch: number[]): Promise<void> {
    this.running++;
    for (const id of batch) this.loading.add(id);
    try {
      let results: Map<number, R | Error>;
      try {
        results = await this.options.loadBatch(batch);
      } catch {
        const each = await Promise.all(
          batch.map(
            async (id) => [id, await this.options.loadOne(id).catch((e: unknown) => toError(e))] as const,
          ),
        );
        results = new Map(each);
      }
      for (const id of batch) this.options.deliver(id, results.get(id) ?? new Error(`no result for ${id}`));
    } finally {
      this.running--;
      for (const id of batch) this.loading.delete(id);
      this.pump();
    }
  }
}

const toError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)));
