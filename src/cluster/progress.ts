/**
 * What a long catch-up says while it runs: after a second of real time, on a terminal, one line
 * on stderr that it keeps rewriting (`\r`), with the cluster time reached and the target; erased
 * when the catch-up ends, so the command's own output follows as it would have. Nothing when
 * stderr is not a terminal (a script's or a test's stderr stays exactly as it was).
 *
 * The cluster layer does not write to the terminal: the command gives it `write` and `isTTY`
 * (OpenOptions.progress), as it gives it the warning callback.
 */

/** The real time a catch-up runs before it shows its progress. */
export const PROGRESS_AFTER_MS = 1000;
/** The least real time between two redraws of the line. */
const REDRAW_MS = 100;

export interface ProgressOutput {
  /**
   * whether stderr is a terminal: asked only once a catch-up has run for PROGRESS_AFTER_MS (the
   * answer loads node:tty, ~2.5 ms that a short command need not pay)
   */
  isTTY: () => boolean;
  /** writes to stderr */
  write: (text: string) => void;
}

/** Told of each instant a catch-up reached; ended when the catch-up returns. */
export interface CatchUpProgress {
  reached(atMs: number): void;
  end(): void;
}

/**
 * The progress of one catch-up from `fromMs` to `targetMs` of cluster time, with real time read
 * on `realNow`; it writes nothing when stderr is not a terminal.
 */
export function catchUpProgress(out: ProgressOutput, realNow: () => number, fromMs: number, targetMs: number): CatchUpProgress {
  const start = realNow();
  let drawnAt: number | undefined;
  let tty: boolean | undefined;
  return {
    reached(atMs) {
      if (tty === false) return;
      const now = realNow();
      if (now - start < PROGRESS_AFTER_MS) return;
      if (!(tty ??= out.isTTY())) return;
      if (drawnAt !== undefined && now - drawnAt < REDRAW_MS) return;
      drawnAt = now;
      out.write(`\r${progressLine(atMs, fromMs, targetMs)}\x1b[K`);
    },
    end() {
      if (drawnAt !== undefined) out.write('\r\x1b[K');
    },
  };
}

/** `catching up: cluster time 2026-10-27T07:00:00Z of 2026-11-02T19:00:00Z (8%)` */
export function progressLine(atMs: number, fromMs: number, targetMs: number): string {
  const span = targetMs - fromMs;
  const pct = span > 0 ? Math.min(100, Math.max(0, Math.floor(((atMs - fromMs) / span) * 100))) : 100;
  return `catching up: cluster time ${rfc3339(atMs)} of ${rfc3339(targetMs)} (${pct}%)`;
}

function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
