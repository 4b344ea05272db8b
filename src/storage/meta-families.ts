/**
 * Families of meta names (`state:kubelet:...`: the part up to the second colon, one component's
 * memory), for the keyspace's meta cache (SqliteKeyspace.metaKnown): a family whose names a
 * command looks up by the thousand is read whole, once, and a name of it not found there is then
 * known to have no row without a lookup of its own.
 *
 * Why: a lookup of one name costs about four times what reading one row of a range does, and a
 * step's components look up every pod's entry, most of them for pods that have none yet (`rollout
 * status` of a 1,000-replica Deployment: 7,900 first lookups, 3,800 of them misses, in four
 * families of 7,400 rows). A family is read once the lookups made of it reach an eighth of its
 * rows, counted at 32, 64, 128... lookups: a command that touches a few names of a large family
 * (10,000 pods) keeps looking them up one by one.
 */
const FIRST_LOOK = 32;
/** rows per lookup made so far up to which the family is read whole */
const ROWS_PER_LOOKUP = 8;

/** name's family: up to and including its second colon; undefined for a name with fewer */
export function familyOf(name: string): string | undefined {
  const first = name.indexOf(':');
  if (first < 0) return undefined;
  const second = name.indexOf(':', first + 1);
  return second < 0 ? undefined : name.slice(0, second + 1);
}

/** The smallest string greater than every name of the family. */
function familyEnd(family: string): string {
  return family + '\u{10FFFF}';
}

export class MetaFamilies {
  /** lookups of the file made per family since the cache was last dropped */
  private readonly lookups = new Map<string, number>();
  /** the families whose every row the cache holds */
  private readonly whole = new Set<string>();

  constructor(
    private readonly count: (from: string, to: string) => number,
    private readonly read: (from: string, to: string) => { name: string; value: string }[],
  ) {}

  /** whether every row of the family is in the cache: a name of it the cache does not know has none */
  complete(family: string): boolean {
    return this.whole.has(family);
  }

  /**
   * A lookup of the file for a name of the family, which the cache did not know; after enough of
   * them, the family's rows (the cache then holds them all, and complete says so).
   */
  looked(family: string): { name: string; value: string }[] | undefined {
    const n = (this.lookups.get(family) ?? 0) + 1;
    this.lookups.set(family, n);
    if (n < FIRST_LOOK || (n & (n - 1)) !== 0) return undefined;
    if (this.count(family, familyEnd(family)) > n * ROWS_PER_LOOKUP) return undefined;
    this.whole.add(family);
    return this.read(family, familyEnd(family));
  }

  /** the cache was dropped */
  forget(): void {
    this.lookups.clear();
    this.whole.clear();
  }

  /** a name written to the file past the cache: its family is no longer whole there */
  wrotePast(name: string): void {
    const family = familyOf(name);
    if (family !== undefined) this.whole.delete(family);
  }
}
