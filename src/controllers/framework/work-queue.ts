/**
 * A work queue as client-go's: FIFO, and a key already waiting is not added twice. Each key is
 * processed once per drain even if it is added again while waiting.
 */
export class WorkQueue {
  private readonly items: string[] = [];
  private readonly waiting = new Set<string>();

  add(key: string): void {
    if (this.waiting.has(key)) return;
    this.waiting.add(key);
    this.items.push(key);
  }

  get length(): number {
    return this.items.length;
  }

  /** the next key, or undefined when empty */
  next(): string | undefined {
    const k = this.items.shift();
    if (k !== undefined) this.waiting.delete(k);
    return k;
  }
}
