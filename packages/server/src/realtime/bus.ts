import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../db/client";
import { EVENT_CHANNEL } from "../services/events/write-transaction";
import type { EventRow } from "./deliver";

/** How long event rows are kept: enough for a listener that lost its connection to catch up. */
export const EVENT_KEEP_MINUTES = 60;
// Events arriving within this window are read and delivered together.
const BATCH_MS = 5;

// Ids delivered are remembered this many at most (far more than arrive while a connection is down).
const DELIVERED_MEMORY = 50_000;
// After a lost connection, events this much older than the loss are looked at again.
const CATCH_UP_MARGIN_MS = 60_000;

/**
 * The event bus of one app server: PostgreSQL NOTIFY (after commit) carries event ids to every app
 * server, each reads the rows and hands them on in batches. On PGlite the same NOTIFY arrives in
 * process. Transactions commit in any order, so ids are not a clock: the bus remembers which events it
 * delivered, and after a lost listening connection it reads the events of the minutes around the loss
 * and delivers those it has not, so no event is skipped or delivered twice.
 */
export class EventBus {
  private readonly delivered = new Set<number>();
  private lostSince: number | null = null;
  private pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly onEvents: (events: EventRow[]) => Promise<void>,
    private readonly log: (message: string) => void,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(EVENT_CHANNEL, {
      onNotify: (payload) => this.notified(payload),
      onLost: () => {
        this.lostSince ??= Date.now();
      },
      onReconnect: () => this.catchUp(),
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.pending.clear();
    await this.stopListening?.();
    await this.chain;
  }

  private notified(payload: string): void {
    if (this.stopped) return;
    const id = Number(payload);
    if (!Number.isInteger(id) || id <= 0) return;
    this.pending.add(id);
    this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  private catchUp(): void {
    const since = new Date((this.lostSince ?? Date.now()) - CATCH_UP_MARGIN_MS);
    this.lostSince = null;
    this.enqueue(async () => {
      const rows = await this.read(sql`at >= ${since.toISOString()}`);
      await this.hand(rows.filter((row) => !this.delivered.has(row.id)));
    });
  }

  private flush(): void {
    this.timer = null;
    const ids = [...this.pending];
    this.pending.clear();
    // One batch at a time, in order: a later batch never overtakes an earlier one.
    this.enqueue(async () => {
      const fresh = ids.filter((id) => !this.delivered.has(id));
      if (fresh.length === 0) return;
      await this.hand(await this.read(sql`id = any(${`{${fresh.join(",")}}`}::int[])`));
    });
  }

  /** Runs one step after the steps before it; a failure is logged, never left unhandled. */
  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.stopped) return;
      try {
        await step();
      } catch (error) {
        this.log(`live update delivery failed: ${(error as Error).message}`);
      }
    });
  }

  private async read(where: ReturnType<typeof sql>): Promise<EventRow[]> {
    const rows = await queryRows<EventRow>(
      this.database.db,
      sql`select id, origin, changes from node_event where ${where} order by id limit 10000`,
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  private async hand(rows: EventRow[]): Promise<void> {
    if (rows.length === 0) return;
    for (const row of rows) this.delivered.add(row.id);
    // A Set keeps insertion order: the oldest ids are forgotten first.
    for (const id of this.delivered) {
      if (this.delivered.size <= DELIVERED_MEMORY) break;
      this.delivered.delete(id);
    }
    try {
      await this.onEvents(rows);
    } catch (error) {
      this.log(`live update delivery failed: ${(error as Error).message}`);
    }
  }
}

/** Deletes event rows older than the bus keeps them (run now and then by one of the app servers). */
export async function pruneEvents(database: Database): Promise<void> {
  await database.db.execute(
    sql`delete from node_event where at < now() - make_interval(mins => ${EVENT_KEEP_MINUTES})`,
  );
}
