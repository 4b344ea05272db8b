import type { Keyspace } from '../../storage/keyspace.js';

/**
 * A component's own memory (a kubelet's probe counters, a recorder's aggregation cache): kept in
 * the cluster file next to the keyspace but outside it, as a real component keeps it in its
 * process — never visible through the API.
 */
export class ComponentState {
  constructor(
    private readonly store: Pick<Keyspace, 'getMeta' | 'setMeta'> & { deleteMeta(name: string): void },
    private readonly component: string,
  ) {}

  private key(k: string): string {
    return `state:${this.component}:${k}`;
  }

  get<T>(k: string): T | undefined {
    const v = this.store.getMeta(this.key(k));
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }

  /** The stored text of k (its JSON), unparsed: a cheap check whether a value is what it was. */
  text(k: string): string | undefined {
    return this.store.getMeta(this.key(k));
  }

  set(k: string, value: unknown): void {
    this.store.setMeta(this.key(k), JSON.stringify(value));
  }

  delete(k: string): void {
    this.store.deleteMeta(this.key(k));
  }
}
