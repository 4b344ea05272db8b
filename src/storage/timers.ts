/**
 * The persistent timer queue of the simulated cluster: "wake controller Q for key K at time T".
 * It is what a workqueue's AddAfter and a kubelet's sleep become when nothing may really sleep:
 * a row in the cluster file, so a timer set by one command fires in whichever command next lets
 * cluster time reach it.
 */
export interface Timer {
  /** the controller (work queue) that wakes up: `deployment-controller`, `kubelet` */
  queue: string;
  /** the key it wakes up for: `default/hello` */
  key: string;
  /** cluster time, ms since the Unix epoch */
  dueMs: number;
}

export interface TimerQueue {
  /** sets a wake-up; the same (queue, key, time) twice is one timer */
  schedule(t: Timer): void;
  /** the earliest due time, if any timer is set */
  nextDue(): number | undefined;
  /** removes and returns every timer due at or before t, earliest first */
  popDue(t: number): Timer[];
  /** removes every timer of a key (the object is gone) */
  cancel(queue: string, key: string): void;
  /**
   * Runs fn (inside a write transaction) with the queue's writes held in memory until it ends:
   * the same answers and, after fn, the same stored timers, for fewer reads and writes.
   */
  hold<T>(fn: () => T): T;
}
