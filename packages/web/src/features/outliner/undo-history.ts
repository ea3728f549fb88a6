/**
 * The outliner's undo stack (issue 11 item 3, issue 19 item 5): one stack for typing and structure, in
 * the order they happened, so typing then Tab then Ctrl+Z undoes the Tab and keeps the text. A step
 * knows how to undo and redo itself; it applies at once on screen and sends its calls behind, like any
 * other edit.
 */
export interface UndoStep {
  /** May finish later (a restore from the bin waits for the server); later steps wait for it. */
  undo(): void | Promise<void>;
  redo(): void | Promise<void>;
}

/** At least 100 steps, as Workflowy keeps (issue 11); older ones fall off the bottom. */
export const UNDO_LIMIT = 200;

/** A pause this long ends a run of typing: Ctrl+Z then takes back the run, not one character. */
export const TYPING_RUN_PAUSE_MS = 1000;

export class UndoHistory {
  private done: UndoStep[] = [];
  private undone: UndoStep[] = [];
  /** Steps apply one after another, so three quick Ctrl+Shift+Z never overtake a slow restore. */
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly limit = UNDO_LIMIT) {}

  /** A new edit: it can be undone, and whatever was undone before can no longer be redone. */
  record(step: UndoStep): void {
    this.done.push(step);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** Takes back the newest step; false when there is none. */
  undo(): boolean {
    const step = this.done.pop();
    if (!step) return false;
    this.undone.push(step);
    this.apply(() => step.undo());
    return true;
  }

  /** Does again the step undone last; false when there is none. */
  redo(): boolean {
    const step = this.undone.pop();
    if (!step) return false;
    this.done.push(step);
    this.apply(() => step.redo());
    return true;
  }

  /** Resolves when every step asked for so far has applied (tests). */
  idle(): Promise<void> {
    return this.running;
  }

  private apply(run: () => void | Promise<void>): void {
    this.running = this.running.then(run).catch((error) => console.error(error));
  }

  /** Joins a step to the newest one, undone with it (first) and redone with it (last). */
  recordJoined(step: UndoStep): void {
    const newest = this.done.pop();
    this.record(newest ? combined([step, newest]) : step);
  }

  /** Runs edits made by one key on many rows (Tab on five selected rows): whatever they record is one step. */
  group(run: () => void): void {
    const start = this.done.length;
    run();
    const steps = this.done.splice(start);
    if (steps.length > 0) this.record(steps.length === 1 ? steps[0]! : combined(steps));
  }

  /** A step taken back another way (the 撤销 of a delete's message) leaves the stack. */
  forget(step: UndoStep): void {
    this.done = this.done.filter((s) => s !== step);
    this.undone = this.undone.filter((s) => s !== step);
  }

  get size(): number {
    return this.done.length;
  }
}

/** Several changes made by one key (Enter splitting a name) undone and redone as one step. */
export function combined(steps: UndoStep[]): UndoStep {
  return {
    undo: async () => {
      for (const step of [...steps].reverse()) await step.undo();
    },
    redo: async () => {
      for (const step of steps) await step.redo();
    },
  };
}

/** True when the typed text ends a word: a space or a Chinese or Latin punctuation mark. */
export function endsWord(before: string, after: string): boolean {
  return after.length > before.length && /[\s，。、；：！？,.;:!?）)」』]$/.test(after);
}
