import { statSync } from 'node:fs';
import { sqliteModule } from './cluster-file.js';
import { WalCheckpointer } from './wal-checkpointer.js';

/** What BackgroundCheckpoint needs of a checkpointer (WalCheckpointer; tests give others). */
export interface Checkpointer {
  committed(): void;
  stop(): void;
}

/** Starts a checkpointer on the file at its real path; undefined when none could be started. */
export type StartCheckpointer = (file: string) => Checkpointer | undefined;

/** The worker-thread checkpointer (wal-checkpointer.ts). */
export const startWalCheckpointer: StartCheckpointer = (file) => WalCheckpointer.start(file, sqliteModule());

/**
 * When a writable cluster file's WAL is checkpointed on another thread (wal-checkpointer.ts): once
 * this connection's commits have grown the WAL by START_BYTES. A thread costs ~8 ms of the main
 * thread to start and ~100 ms of the other core's to boot, while the checkpoint at close of a small
 * WAL costs a few ms: a short command (get, scale, apply of one object, writing tens of pages)
 * never starts one. Before that, each commit costs one stat(2) of the WAL; after it, an atomic add.
 */
export class BackgroundCheckpoint {
  private checkpointer: Checkpointer | undefined;
  /** no checkpointer from now on: it could not start, or it was stopped */
  private off = false;
  private readonly walAtOpen: number;

  constructor(
    private readonly file: string,
    private readonly start: StartCheckpointer = startWalCheckpointer,
  ) {
    this.walAtOpen = walSize(file);
  }

  /** A write transaction of this connection committed. */
  committed(): void {
    if (this.checkpointer) {
      this.checkpointer.committed();
      return;
    }
    if (this.off || walSize(this.file) - this.walAtOpen < START_BYTES) return;
    this.checkpointer = this.start(this.file);
    if (this.checkpointer) this.checkpointer.committed();
    else this.off = true;
  }

  /** Whether a checkpointer runs (for tests). */
  get running(): boolean {
    return this.checkpointer !== undefined;
  }

  /** Ends the checkpointer's connection before this one closes, so that this one is the file's last (see WalCheckpointer.stop). */
  stop(): void {
    this.off = true;
    const c = this.checkpointer;
    this.checkpointer = undefined;
    c?.stop();
  }
}

/** WAL growth (bytes) after which a checkpointer starts: see BackgroundCheckpoint. */
export const START_BYTES = 8 * 1024 * 1024;

/** The WAL's size; 0 when there is none or it cannot be seen (no checkpointer then, as without one). */
function walSize(file: string): number {
  try {
    return statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    return 0;
  }
}
