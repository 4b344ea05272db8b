import type { Keyspace } from '../../../src/storage/keyspace.js';

/** Counts the keyspace's point reads (get, modRevision) from now on. */
export function countReads(store: Keyspace): () => number {
  let reads = 0;
  const get = store.get.bind(store);
  const modRevision = store.modRevision.bind(store);
  store.get = (key) => (reads++, get(key));
  store.modRevision = (key) => (reads++, modRevision(key));
  return () => reads;
}
