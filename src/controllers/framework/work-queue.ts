/**
 * A work queue as client-go's: FIFO, and a key already waiting is not added twice. Each key is
 * processed once per drain even if it is added again while waiting.
 */
export class WorkQueue {
  private items: string[] = [];
  /** where the next key is in items (taken keys are left behind, not shifted out one by one) */
  private head = 0;
  private readonly waiting = new Set<string>();

  add(key: string): void {
    if (this.waiting.has(key)) return;
    this.waiting.add(key);
    this.items.push(key);
  }

  get length(): number {
    return this.items.length - this.head;
  }

  /** the next key, or undefined when empty */
  next(): string | undefined {
    if (this.head >= this.items.length) return undefined;
    const k = this.items[this.head++] as string;
    this.waiting.delete(k);
    // Drop what was taken once it is most of the array (a drain of 10,000 keys stays linear).
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return k;
  }
}
