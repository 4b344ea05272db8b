/**
 * Deletes the oldest entries (in insertion order) of a map that grew past max + batch, down to
 * max: a cache's entries dropped in batches. Dropping one at each insertion made each drop walk
 * over the entries deleted before it: V8's ordered hash tables keep a deleted entry's slot until
 * the table is rebuilt, and an iterator finds the first live entry by skipping them (~1 µs a
 * write at 4,096 entries, for caches that take one entry per write).
 */
export function dropOldest<K, V>(map: Map<K, V>, max: number, batch: number): void {
  if (map.size <= max + batch) return;
  let n = map.size - max;
  for (const k of map.keys()) {
    map.delete(k);
    if (--n === 0) break;
  }
}
