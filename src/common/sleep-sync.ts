let pause: Int32Array | undefined;

/** Sleeps about ms without returning to the event loop (for code that stays synchronous). */
export function sleepSync(ms: number): void {
  pause ??= new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(pause, 0, 0, ms);
}
