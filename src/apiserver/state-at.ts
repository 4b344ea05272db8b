import { type Keyspace, RevisionCompacted } from '../storage/keyspace.js';

/** A key's value as it was at a past revision: the text and the revision that wrote it. */
export interface ValueAt {
  value: string;
  modRevision: number;
}

/**
 * What the keys under `prefix` that changed after `revision` held at it (the current values,
 * corrected by the log): for each such key, its first event after the revision says it —
 * a creation: the key was absent (undefined); an update: the value its previous write
 * (prevModRevision) wrote; a deletion: the value it deleted. Keys absent from the map have not
 * changed since, so their current value is the one at the revision.
 *
 * Throws RevisionCompacted when the log no longer reaches back to the revision, or when a value
 * it needs was dropped by a compaction (an update of a key last written before the compacted
 * revision): a list at an exact resourceVersion the server cannot serve any more.
 */
export function valuesAt(store: Keyspace, prefix: string, revision: number): Map<string, ValueAt | undefined> {
  const at = new Map<string, ValueAt | undefined>();
  for (const e of store.changesSince(revision, prefix)) {
    const key = e.kv.key;
    if (at.has(key)) continue;
    const prev = e.prevModRevision;
    if (prev === undefined) {
      at.set(key, undefined);
      continue;
    }
    const value = e.type === 'DELETE' ? e.deletedValue : store.valueAt(key, prev);
    if (value === undefined) throw new RevisionCompacted(revision, store.compactedRevision());
    at.set(key, { value, modRevision: prev });
  }
  return at;
}
