import type { Worker } from 'node:worker_threads';
import { lazy } from '../common/lazy.js';

const workerThreads = lazy(() => require('node:worker_threads') as typeof import('node:worker_threads'));

/**
 * A second connection to a cluster file, on a worker thread, that checkpoints the WAL (copies the
 * pages committed to it into the file, fsyncs both) while the main thread goes on writing.
 *
 * Why: SQLite checkpoints on the connection that commits past wal_autocheckpoint and on the last one
 * to close, so a long command paid every copy and fsync on its main thread: 161 ms of a 2.87 s
 * `rollout status` of 1,000 replicas at close (WAL fsync ~65 ms, file fsync ~20 ms), and the commits
 * that passed 160 MiB of WAL during an apply of 10,000 pods (cluster-file.ts). A PASSIVE checkpoint
 * runs beside a writer in WAL mode: it backfills the frames committed before the writer's snapshot
 * (all of them: the main thread is the only writer) and takes no lock the writer waits for; once
 * all are backfilled, the writer's next transaction starts the WAL over from its beginning. By
 * close little is left to copy, and the fsyncs were made on the other core.
 *
 * The two threads share only an Int32Array (no messages, so the worker needs no event loop and
 * the main thread never waits for one): the main thread counts commits in SEQ, and the worker,
 * blocked in Atomics.wait on it, checkpoints once each time it wakes however many commits came in
 * meanwhile. At close the worker closes its connection before the main one (stop()), so that the
 * main connection is the last: SQLite's usual final checkpoint and removal of the WAL happen there.
 *
 * The worker is unref()'d (it never keeps a process alive), and anything that goes wrong with it
 * (no thread, no connection, a failed checkpoint) leaves the file to SQLite's own checkpoints, as
 * without it.
 */
export class WalCheckpointer {
  private stopped = false;

  private constructor(
    private readonly state: Int32Array,
    private readonly worker: Worker,
  ) {}

  /**
   * Starts the worker on the file at path (its real path: SQLite names the WAL after it);
   * undefined when no thread could be started.
   */
  static start(path: string, sqlite: SqliteModule): WalCheckpointer | undefined {
    try {
      const state = new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT));
      const data: CheckpointerData = { state, path, ...sqlite };
      const worker = new (workerThreads().Worker)(`(${checkpointerMain.toString()})(require('node:worker_threads').workerData);`, {
        eval: true,
        workerData: data,
        // none of the process's flags (--cpu-prof would write a second profile, -r would preload)
        execArgv: [],
        stdout: true,
        stderr: true,
      });
      worker.unref();
      // An error of the worker is its own failure only: the file goes on as without it.
      worker.on('error', () => undefined);
      return new WalCheckpointer(state, worker);
    } catch {
      return undefined;
    }
  }

  /** A write transaction committed: the worker checkpoints when it is free (never waited for). */
  committed(): void {
    if (this.stopped) return;
    Atomics.add(this.state, SEQ, 1);
    // A wake-up is a futex syscall (~9 µs: 88 ms over the 10,000 commits of an apply of 10,000
    // pods): made only when the worker waits, once per wait. The worker reads SEQ again after
    // setting WAITING, so a commit that finds WAITING still 0 is never missed (Atomics are
    // sequentially consistent).
    if (Atomics.compareExchange(this.state, WAITING, 1, 0) === 1) Atomics.notify(this.state, SEQ);
  }

  /**
   * Closes the worker's connection and waits for that (a checkpoint under way is finished first),
   * so that the main connection's close is the last. A worker that never opened one is told not to.
   */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    Atomics.store(this.state, STOP, 1);
    Atomics.add(this.state, SEQ, 1);
    Atomics.notify(this.state, SEQ);
    if (Atomics.compareExchange(this.state, PHASE, STARTING, DONE) === STARTING) return;
    // OPEN until the worker's finally{} has closed its connection; a worker that died without it
    // (its thread killed) is waited for at most STOP_WAIT_MS, after which the main connection
    // closes without being the last (the WAL then stays for the next open to recover, as after a
    // crash).
    Atomics.wait(this.state, PHASE, OPEN, STOP_WAIT_MS);
    void this.worker.terminate().catch(() => undefined);
  }

  /** What the worker did so far (for tests): its phase and the number of checkpoints it ran. */
  progress(): { phase: 'starting' | 'open' | 'done'; checkpoints: number } {
    const phase = Atomics.load(this.state, PHASE);
    return { phase: phase === STARTING ? 'starting' : phase === OPEN ? 'open' : 'done', checkpoints: Atomics.load(this.state, RUNS) };
  }
}

/** better-sqlite3 as the main thread found it: the worker loads the same module and addon. */
export interface SqliteModule {
  /** require.resolve('better-sqlite3') */
  module: string;
  /** the compiled addon, when known (cluster-file.ts nativeBinding) */
  nativeBinding: string | undefined;
}

interface CheckpointerData extends SqliteModule {
  state: Int32Array;
  path: string;
}

/** The state's slots. */
const SLOTS = 5;
/** STARTING, OPEN (the worker's connection is or is about to be open), DONE */
const PHASE = 0;
/** bumped by the main thread at each commit (and at stop, to wake the worker) */
const SEQ = 1;
/** 1: close the connection and end */
const STOP = 2;
/** checkpoints run */
const RUNS = 3;
/** 1: the worker is about to wait or waits for SEQ to change (see committed()) */
const WAITING = 4;
const STARTING = 0;
const OPEN = 1;
const DONE = 2;

/** The longest stop() waits for the worker's connection to close (a checkpoint of 160 MiB takes a second or two). */
const STOP_WAIT_MS = 30_000;

/**
 * The worker's code, run from its source text (eval: it depends on nothing but its argument and
 * require, so it works from dist/src and from the bundle alike; the constants are repeated inline
 * for that reason).
 */
function checkpointerMain(data: CheckpointerData): void {
  const [PHASE, SEQ, STOP, RUNS, WAITING, STARTING, OPEN, DONE] = [0, 1, 2, 3, 4, 0, 1, 2];
  const state = data.state;
  // The main thread may have stopped us before we got here: then no connection is opened.
  if (Atomics.compareExchange(state, PHASE, STARTING, OPEN) !== STARTING) return;
  let db: { pragma(source: string): unknown; close(): void } | undefined;
  try {
    const Database = require(data.module) as new (path: string, options: object) => NonNullable<typeof db>;
    // fileMustExist: never create a file that the main thread has removed. A short busy timeout: a
    // PASSIVE checkpoint does not wait for locks (it copies less); this is for reading the schema.
    db = new Database(data.path, {
      fileMustExist: true,
      timeout: 1_000,
      ...(data.nativeBinding === undefined ? {} : { nativeBinding: data.nativeBinding }),
    });
    let seen = Number.NaN;
    for (;;) {
      if (Atomics.load(state, STOP) !== 0) break;
      const seq = Atomics.load(state, SEQ);
      if (seq !== seen) {
        seen = seq;
        try {
          db.pragma('wal_checkpoint(PASSIVE)');
          Atomics.add(state, RUNS, 1);
        } catch {
          // busy or failing: the next commit's request tries again, and SQLite's own checkpoints remain
        }
      }
      Atomics.store(state, WAITING, 1);
      if (Atomics.load(state, SEQ) === seq) Atomics.wait(state, SEQ, seq);
      Atomics.store(state, WAITING, 0);
    }
  } catch {
    // no connection: the main thread's checkpoints do the work, as without a worker
  } finally {
    try {
      db?.close();
    } finally {
      Atomics.store(state, PHASE, DONE);
      Atomics.notify(state, PHASE);
    }
  }
}
