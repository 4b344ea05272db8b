/**
 * Sorted lists after name mapping: a server lists objects in etcd key order (sorted by name), so
 * the article's rows of a `get` table, or the keys of `etcdctl get --keys-only`, are sorted by the
 * article's names. Mapped to kubemu's names they no longer are, where kubemu prints its rows
 * sorted by its own names:
 *
 *   article:  hello-77b6f6d957, hello-85854d9fd8, hello-8c9694f75   (sorted)
 *   mapped:   hello-68d64bc798, hello-b5cb4bcc7, hello-6474c95c86   (as the article had them)
 *   re-sorted: hello-6474c95c86, hello-68d64bc798, hello-b5cb4bcc7  (as kubemu lists them)
 *
 * Each run of two or more consecutive lines sorted ascending by their first column under the
 * article's names is re-sorted (stably) by the mapped first column; a table header and a blank
 * line end a run and stay where they are. A key list's first column is the whole key. Lines whose
 * first column the mapping does not change keep their order among themselves. Not for a watch
 * (`get -w`), whose rows are events in time order.
 */

/** A table header as kubectl prints it: capitalised column names two or more spaces apart. */
export const TABLE_HEADER = /^[A-Z][A-Z0-9_./()-]*( {2,}|\t)[A-Z]/;

function firstColumn(line: string): string {
  return line.trim().split(/\s+/)[0] ?? '';
}

function breaksRun(line: string): boolean {
  return line.trim() === '' || TABLE_HEADER.test(line);
}

/** The lines mapped with `map`, each sorted run re-sorted by its mapped first columns (see above). */
export function resortMappedRuns(lines: readonly string[], map: (text: string) => string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    if (breaksRun(lines[i]!)) {
      out.push(map(lines[i++]!));
      continue;
    }
    let j = i + 1;
    while (j < lines.length && !breaksRun(lines[j]!) && firstColumn(lines[j - 1]!) <= firstColumn(lines[j]!)) j++;
    const run = lines.slice(i, j).map((line) => ({ line: map(line), key: map(firstColumn(line)) }));
    if (run.length > 1) run.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    out.push(...run.map((r) => r.line));
    i = j;
  }
  return out;
}
