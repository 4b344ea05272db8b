/**
 * What a writer that holds the object tells the store about the value it writes: the two facts
 * the cluster file's indexes keep (sqlite-index-update.ts), so that SQLite need not parse the
 * value to find them.
 */
export interface IndexHints {
  /** the JSON text of the value's metadata.labels, exactly as the value holds it; null: none */
  labels: string | null;
  /** the UID of the value's controller reference (the first with `controller: true`); null: none */
  controller: string | null;
}

/** Characters that read back from SQLite as they were bound and as its JSON functions decode them. */
const PLAIN = /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * The hints of a value that is JSON.stringify of an object with this metadata (the labels' text is
 * then the value's own, and its members are what SQLite's json_each finds there). Undefined when
 * the store should read the value instead: labels that are not an object (the triggers read the
 * hint as one: sqlite-index-update.ts), ownerReferences that are not an array, or a controller UID
 * of characters beyond plain ASCII (whose bound text and JSON-decoded text might differ).
 */
export function indexHints(metadata: { labels?: unknown; ownerReferences?: unknown }): IndexHints | undefined {
  const l = metadata.labels;
  if (l !== undefined && l !== null && (typeof l !== 'object' || Array.isArray(l))) return undefined;
  const labels = l === undefined || l === null ? null : JSON.stringify(l);
  const refs = metadata.ownerReferences;
  // One object for every value with neither (each Event written: 40,000 in an advance of 10,000 pods).
  if (labels === null && (refs === undefined || refs === null)) return NO_HINTS;
  if (refs === undefined || refs === null) return { labels, controller: null };
  if (!Array.isArray(refs)) return undefined;
  for (const r of refs as unknown[]) {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) continue;
    const ref = r as { controller?: unknown; uid?: unknown };
    if (ref.controller !== true) continue;
    if (typeof ref.uid !== 'string' || ref.uid === '') return { labels, controller: null };
    return PLAIN.test(ref.uid) ? { labels, controller: ref.uid } : undefined;
  }
  return { labels, controller: null };
}

/** The hints of a value with no labels and no owners (frozen: shared by every such write). */
const NO_HINTS: IndexHints = Object.freeze({ labels: null, controller: null });
