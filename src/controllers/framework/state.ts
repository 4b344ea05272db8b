import { JsonMeta, type Keyspace } from '../../storage/keyspace.js';

/** Values kept parsed (peek): one per pod and node a kubelet runs, say; beyond it, start over. */
const MAX_PARSED = 20_000;

/**
 * A component's own memory (a kubelet's probe counters, a recorder's aggregation cache): kept in
 * the cluster file next to the keyspace but outside it, as a real component keeps it in its
 * process — never visible through the API.
 */
export class ComponentState {
  /** text: what value was parsed from, or the JsonMeta it was kept as (its text once made) */
  private readonly parsed = new Map<string, { text: string | JsonMeta; value: unknown }>();

  constructor(
    private readonly store: Pick<Keyspace, 'getMeta' | 'setMeta' | 'getMetaEntry' | 'deleteMeta'>,
    private readonly component: string,
  ) {}

  private key(k: string): string {
    // The recorder asks for its last-nanos at each event, twice, between a peek and a keep of an
    // object's memory: the last two meta keys made once, so their hashes are too (the store
    // looks a key up three times a write), where one alone was made again at each of the four.
    if (k === this.lastK) return this.lastKey;
    if (k === this.otherK) {
      const key = this.otherKey;
      this.otherK = this.lastK;
      this.otherKey = this.lastKey;
      this.lastK = k;
      return (this.lastKey = key);
    }
    this.otherK = this.lastK;
    this.otherKey = this.lastKey;
    this.lastK = k;
    return (this.lastKey = `state:${this.component}:${k}`);
  }

  /** The last k asked and its meta key, and the one before it. */
  private lastK: string | undefined;
  private lastKey = '';
  private otherK: string | undefined;
  private otherKey = '';

  /** A fresh copy of k's value, the caller's to change. */
  get<T>(k: string): T | undefined {
    const v = this.store.getMeta(this.key(k));
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }

  /**
   * k's value, to read and never to change: parsed once per stored text and shared by every
   * caller that peeks (a kubelet reads a pod's memory at each watch event and sync, the recorder
   * its spam bucket before each sync's events), so a value that did not change is not parsed
   * again. The stored text is still asked each time, so a rolled-back transaction or another
   * writer's value is never missed.
   */
  peek<T>(k: string): Readonly<T> | undefined {
    const key = this.key(k);
    const text = this.store.getMetaEntry(key);
    if (text === undefined) return undefined;
    // kept in this process and still what the store holds: the value itself, never serialized here
    if (typeof text !== 'string') return text.value as T;
    const known = this.parsed.get(key);
    if (known && (known.text === text || (typeof known.text !== 'string' && known.text.made === text))) return known.value as T;
    if (this.parsed.size >= MAX_PARSED) this.parsed.clear();
    const value = JSON.parse(text) as T;
    this.parsed.set(key, { text, value });
    return value;
  }

  /** The stored text of k (its JSON), unparsed: a cheap check whether a value is what it was. */
  text(k: string): string | undefined {
    return this.store.getMeta(this.key(k));
  }

  set(k: string, value: unknown): void {
    this.store.setMeta(this.key(k), JSON.stringify(value));
  }

  /**
   * Sets k to a text the caller made: what set stores for a value whose JSON.stringify it is
   * (the scheduler joins a row's placements from their kept texts, only the changed one made anew).
   */
  setText(k: string, text: string): void {
    this.store.setMeta(this.key(k), text);
  }

  /**
   * Sets k to value and keeps value as what peek returns for it: for a caller that never changes
   * value afterwards and whose value is what its JSON reads back as (no undefined members, no
   * -0 or non-finite numbers), so that the next peek need not parse what was just written. Its
   * text is made once, when the transaction writes meta back (or someone asks for it): a kubelet
   * keeps a pod's memory several times in one sync (~12 per pod and transaction in a crash loop).
   */
  keep(k: string, value: unknown): void {
    const key = this.key(k);
    const text = new JsonMeta(value);
    this.store.setMeta(key, text);
    if (this.parsed.size >= MAX_PARSED) this.parsed.clear();
    this.parsed.set(key, { text, value });
  }

  delete(k: string): void {
    this.store.deleteMeta(this.key(k));
  }
}
