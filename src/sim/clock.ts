/**
 * The cluster's clock. Nothing in the emulator reads the wall clock directly: every timestamp
 * (creationTimestamp, event times, AGE) comes from here.
 *
 * - wall: cluster time = epoch + (real time since creation) × speed.
 * - virtual: cluster time is stored in the database and moves only when a command advances it
 *   (`cluster advance`, or a command that waits), so seeded runs are byte-identical.
 */

export type ClockMode = 'wall' | 'virtual';

export interface ClockSettings {
  mode: ClockMode;
  /** wall mode: how many cluster seconds pass per real second */
  speed: number;
  /** seed of the random source; undefined: crypto randomness */
  seed?: number;
  /** cluster time at creation, ms since the Unix epoch */
  epochMs: number;
  /** real time at creation (wall mode), ms since the Unix epoch */
  createdAtRealMs: number;
}

/** Virtual clusters all start at the same instant, so their timestamps are reproducible. */
export const VIRTUAL_EPOCH_MS = Date.UTC(2026, 9, 26, 19, 0, 0);

export interface ClockStateStore {
  getMeta(name: string): string | undefined;
  setMeta(name: string, value: string): void;
}

const VIRTUAL_NOW_KEY = 'virtual_now_ms';

export class ClusterClock {
  /** while the control plane catches up, the instant being replayed (wall mode) */
  private replaying: number | undefined;

  constructor(
    readonly settings: ClockSettings,
    private readonly store: ClockStateStore,
    /** the real clock, injectable for tests */
    private readonly realNow: () => number = Date.now,
  ) {}

  /** current cluster time, ms since the Unix epoch */
  now(): number {
    if (this.replaying !== undefined) return this.replaying;
    if (this.settings.mode === 'virtual') {
      const saved = this.store.getMeta(VIRTUAL_NOW_KEY);
      return saved === undefined ? this.settings.epochMs : Number(saved);
    }
    return this.realTime();
  }

  /** Virtual mode: moves the clock forward to t (never backwards). */
  advanceTo(t: number): void {
    if (this.settings.mode !== 'virtual') return;
    if (t > this.now()) this.store.setMeta(VIRTUAL_NOW_KEY, String(Math.floor(t)));
  }

  /**
   * Runs fn with the clock reading t. In virtual mode the clock really moves there (it only
   * moves forward); in wall mode t is a past instant being replayed by a catch-up, so what the
   * controllers write carries the time it would have had if they had been running then.
   */
  at<T>(t: number, fn: () => T): T {
    const saved = this.replaying;
    if (this.settings.mode === 'virtual') {
      this.advanceTo(t);
      // The clock reads t for the whole step without asking the database each time.
      this.replaying = Math.max(t, this.now());
    } else {
      this.replaying = Math.min(t, this.realTime());
    }
    try {
      return fn();
    } finally {
      this.replaying = saved;
    }
  }

  /** the real clock's reading (ms since the Unix epoch): what a command's own time budget is measured on */
  realMs(): number {
    return this.realNow();
  }

  private realTime(): number {
    const elapsed = this.realNow() - this.settings.createdAtRealMs;
    return this.settings.epochMs + Math.floor(elapsed * this.settings.speed);
  }

  /** RFC 3339 with second precision, as metav1.Time serialises. */
  nowRfc3339(): string {
    return rfc3339(this.now());
  }
}

export function rfc3339(ms: number): string {
  // Asked for the same few seconds over and over (every timestamp an instant writes; a pod
  // status's start, exit and transition times at each of its writes): the answers are kept.
  const s = Math.floor(ms / 1000);
  let text = formatted.get(s);
  if (text === undefined) {
    text = new Date(s * 1000).toISOString().replace('.000Z', 'Z');
    if (formatted.size >= MAX_FORMATTED) formatted.clear();
    formatted.set(s, text);
  }
  return text;
}

/** Seconds formatted by rfc3339; beyond this many, it starts over. */
const MAX_FORMATTED = 4096;
const formatted = new Map<number, string>();
