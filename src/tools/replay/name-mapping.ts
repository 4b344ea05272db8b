/**
 * Generated names differ from run to run of a real cluster: a ReplicaSet is `hello-8c9694f75` in the
 * article and `hello-6474c95c86` in a replay, a pod `hello-8c9694f75-4nf7n` and
 * `hello-6474c95c86-6mlqm`. Both pod-template hashes and pod suffixes are written with the
 * apimachinery rand alphabet (`bcdfghjklmnpqrstvwxz2456789`: no vowels, no 0, 1, 3), so a word of
 * 5 to 10 such characters (not a plain number) reads as generated. An English word rarely is one
 * (`https` is); such a word appearing on both sides simply pairs with itself.
 *
 * The mapping pairs them in order of first appearance, across the whole transcript: the first
 * generated token the transcript shows stands for the first one kubemu printed, and so on, but only
 * within one owner: a token is paired with one whose name has the same prefix (the part before
 * `-token`, itself mapped), so a pod of `hello-8c9694f75` pairs only with a pod of its partner
 * `hello-6474c95c86`, never with a pod of another ReplicaSet that happens to stand at its place in
 * a listing whose rows differ. Once paired, a token keeps its partner, so a later command that
 * names the other ReplicaSet fails.
 *
 *   expected: hello-8c9694f75-4nf7n, hello-8c9694f75-9ghql
 *   actual:   hello-6474c95c86-6mlqm, hello-6474c95c86-hmb6x
 *   mapping:  8c9694f75->6474c95c86, 4nf7n->6mlqm, 9ghql->hmb6x
 *
 * Rows pair before order (learnRows()): in a listing, a row whose other columns (status, counts;
 * ages and times left out) no other row of its side shows pairs with the one row of kubemu's that
 * shows them, so `sbbkz 0/1 ContainerCreating` stands for kubemu's one ContainerCreating pod
 * wherever the sort puts it; the rows that are alike then pair in order.
 *
 * Names by elimination (eliminate()): a name the transcript uses without kubemu having printed its
 * partner (`kubectl get pod hello-85854d9fd8-4mjwb`, a pod the article never listed) is paired with
 * one of kubemu's objects when exactly one fits: its name is the mapped prefix + `-` + an unpaired
 * token of the same class, of the same kind. None: it stays unpaired. Two or more: the later
 * expected outputs are looked ahead for the first that shows, with it, as many unpaired names of
 * that owner (same class, same kind) as kubemu has candidates, all of them together (the article's
 * etcd key list at line 602 holds the 4 pods of hello-85854d9fd8 that line 570 named one of; when
 * the count differs, the candidates not being deleted count, as a scale-down's terminating pods are
 * gone by then); those pair in sorted order with the candidates, article sorted to kubemu sorted, as a sorted listing of
 * both would pair them (so that listing then matches). No such output: it stays unpaired.
 */

import { normaliseLine } from './normalise.js';
import { NAME_ALPHABET } from '../../sim/random.js';

/** One character of a generated name, as a regular expression class. */
const TOKEN_CHAR = `[${NAME_ALPHABET}]`;

const GENERATED = new RegExp(`(?<![A-Za-z0-9])${TOKEN_CHAR}{5,10}(?![A-Za-z0-9])`, 'g');

function notAName(t: string): boolean {
  // a plain number (`22545`) or an age (`2m42s`, all of it in the alphabet too) is not a name
  return /^\d+$/.test(t) || /^(\d+[dhms])+$/.test(t);
}

const GENERATED_WHOLE = new RegExp(`^${TOKEN_CHAR}{5,10}$`);

/**
 * A pattern for a transcript's text as kubemu would print it: each generated token that
 * `mapped` knows becomes kubemu's (literally), one it does not know stands for any generated
 * token of its class (a pod's 5-character suffix, a 6-to-10-character hash), the rest is literal.
 * `Successfully assigned default/web-5d6947f877-wfr4t to k8s-node-1` with neither token known
 * matches any pod of any ReplicaSet of web assigned to k8s-node-1.
 */
export function patternWithOpenTokens(text: string, mapped: (token: string) => string | undefined): RegExp {
  let at = 0;
  let source = '';
  for (const m of text.matchAll(GENERATED)) {
    if (notAName(m[0])) continue;
    const known = mapped(m[0]);
    const any = m[0].length === 5 ? `${TOKEN_CHAR}{5}` : `${TOKEN_CHAR}{6,10}`;
    source += escapeRe(text.slice(at, m.index)) + (known === undefined ? any : escapeRe(known));
    at = m.index + m[0].length;
  }
  return new RegExp(`^${source}${escapeRe(text.slice(at))}$`);
}

/** The generated tokens of a text, each once, in order of first appearance. */
export function generatedTokens(text: string): string[] {
  return [...tokenPrefixes(text).keys()];
}

/**
 * Each generated token of a text with the prefix of the name it first appears in: the name
 * characters before `-token` (`hello-8c9694f75` for `pod/hello-8c9694f75-4nf7n`'s `4nf7n`,
 * `hello` for its `8c9694f75`), or '' when the token does not follow a `-`.
 */
export function tokenPrefixes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(GENERATED)) {
    const t = m[0];
    if (notAName(t) || out.has(t)) continue;
    const at = m.index ?? 0;
    const before = text.slice(0, at);
    out.set(t, before.endsWith('-') ? /[a-z0-9.-]*$/.exec(before.slice(0, -1))![0] : '');
  }
  return out;
}

/** One of kubemu's objects, as eliminate() gets them. */
export interface ClusterObject {
  /** `Pod`, `ReplicaSet`, ... */
  kind: string;
  name: string;
  /** being deleted (a deletionTimestamp): a look-ahead may leave it out */
  terminating?: boolean;
}

/**
 * Pod suffixes are always 5 characters, pod-template hashes usually 8 to 10: pairing only within
 * a class keeps a listing whose rows differ (the article shows 4 old pods and 1 new one, the
 * replay 1 old and 4 new) from pairing a hash with a suffix.
 */
function tokenClass(token: string): 'suffix' | 'hash' {
  return token.length === 5 ? 'suffix' : 'hash';
}

/** What a look-ahead paired (eliminate()), for the explanation. */
export interface LookAheadPairing {
  /** the name that had more than one candidate */
  name: string;
  /** the index into `later` of the output that listed them all */
  later: number;
  /** article name -> kubemu name, in sorted order */
  pairs: [string, string][];
}

/** A consistent, one-to-one pairing of expected tokens with actual ones, grown command by command. */
export class NameMapping {
  private readonly forward = new Map<string, string>();
  private readonly backward = new Map<string, string>();

  /**
   * Pairs the expected text's unpaired tokens with the actual text's unpaired ones, in order,
   * each only with a token of the same class whose name's prefix is its own prefix mapped.
   */
  learn(expected: string, actual: string): void {
    this.learnRows(expected, actual);
    const actualPrefix = tokenPrefixes(actual);
    const fresh = [...actualPrefix.keys()].filter((t) => !this.backward.has(t));
    for (const [e, prefix] of tokenPrefixes(expected)) {
      if (this.forward.has(e)) continue;
      const owner = this.apply(prefix);
      const fits = (t: string) => actualPrefix.get(t) === owner;
      const same = fresh.findIndex((t) => t === e && fits(t));
      const next = fresh.findIndex((t) => tokenClass(t) === tokenClass(e) && fits(t));
      const at = same >= 0 ? same : next;
      if (at < 0) continue;
      this.pair(e, fresh.splice(at, 1)[0]!);
    }
  }

  /**
   * Rows first (see the file comment): a line naming one unpaired token whose rest (the line
   * without it, normalised: ages, times and padding) no other such line of its side has pairs with
   * the one line of the other side with the same rest, when that one too names one unpaired token
   * of the same class and owner. The article's `hello-rs-sbbkz 0/1 ContainerCreating` then pairs
   * with kubemu's one ContainerCreating pod of the ReplicaSet, whatever their places in the
   * listing; the rows that are alike pair in order afterwards.
   */
  private learnRows(expected: string, actual: string): void {
    const rows = (text: string, paired: Map<string, string>, rename: (line: string) => string) => {
      const byRest = new Map<string, { token: string; prefix: string }[]>();
      for (const line of text.split('\n')) {
        const unpaired = [...tokenPrefixes(line)].filter(([t]) => !paired.has(t));
        if (unpaired.length !== 1) continue;
        const [token, prefix] = unpaired[0]!;
        const rest = normaliseLine(rename(line).split(token).join('<name>'));
        byRest.set(rest, [...(byRest.get(rest) ?? []), { token, prefix }]);
      }
      return byRest;
    };
    const ours = rows(actual, this.backward, (l) => l);
    for (const [rest, [e, ...more]] of rows(expected, this.forward, (l) => this.apply(l))) {
      const theirs = ours.get(rest);
      if (!e || more.length > 0 || theirs?.length !== 1) continue;
      const t = theirs[0]!;
      if (tokenClass(t.token) !== tokenClass(e.token) || t.prefix !== this.apply(e.prefix)) continue;
      if (this.forward.has(e.token) || this.backward.has(t.token)) continue;
      this.pair(e.token, t.token);
    }
  }

  /**
   * Names by elimination (see the file comment): every unpaired token of `text` whose prefix
   * maps to a name is paired with the one object of `objects` named prefix-mapped + `-` + an
   * unpaired token of its class, when exactly one fits; `kindOf` tells the kind a token's name
   * has in the text when the text says it (`kubectl get pod NAME`), and then only that kind fits.
   */
  eliminate(
    text: string,
    objects: readonly ClusterObject[],
    kindOf: (name: string) => string | undefined = () => undefined,
    later: readonly string[] = [],
  ): LookAheadPairing[] {
    const found: LookAheadPairing[] = [];
    for (const [e, prefix] of tokenPrefixes(text)) {
      if (this.forward.has(e) || prefix === '') continue;
      const owner = `${this.apply(prefix)}-`;
      const kind = kindOf(`${prefix}-${e}`);
      const fits = objects.filter((o) => {
        if (!o.name.startsWith(owner) || (kind !== undefined && o.kind !== kind)) return false;
        const t = o.name.slice(owner.length);
        return GENERATED_WHOLE.test(t) && !notAName(t) && tokenClass(t) === tokenClass(e) && !this.backward.has(t);
      });
      const kinds = new Set(fits.map((o) => o.kind));
      if (fits.length === 0 || kinds.size !== 1) continue;
      if (fits.length === 1) {
        this.pair(e, fits[0]!.name.slice(owner.length));
        continue;
      }
      // the pods a scale-down is deleting may be gone by the later output: then only the others
      const live = fits.filter((o) => o.terminating !== true);
      const tokens = (os: readonly ClusterObject[]) => os.map((o) => o.name.slice(owner.length));
      const ahead =
        this.lookAhead(e, prefix, fits[0]!.kind, tokens(fits), later) ??
        (live.length > 1 && live.length < fits.length ? this.lookAhead(e, prefix, fits[0]!.kind, tokens(live), later) : undefined);
      if (ahead !== undefined) found.push(ahead);
    }
    return found;
  }

  /**
   * Names by look-ahead (see the file comment): the first of `later` that shows `e` with exactly
   * as many unpaired names of `prefix` (of e's class, of `kind` where the text says) as there are
   * `candidates`; those pair sorted with the candidates sorted.
   */
  private lookAhead(e: string, prefix: string, kind: string, candidates: readonly string[], later: readonly string[]): LookAheadPairing | undefined {
    for (const [at, text] of later.entries()) {
      const kindIn = kindNamedIn(text);
      const group = [...tokenPrefixes(text)]
        .filter(([t, p]) => p === prefix && tokenClass(t) === tokenClass(e) && !this.forward.has(t))
        .map(([t]) => t)
        .filter((t) => (kindIn(`${prefix}-${t}`) ?? kind) === kind);
      if (!group.includes(e) || group.length !== candidates.length) continue;
      const article = [...group].sort();
      const kubemu = [...candidates].sort();
      const pairs: [string, string][] = article.map((t, i) => [`${prefix}-${t}`, `${this.apply(prefix)}-${kubemu[i]!}`]);
      for (const [i, t] of article.entries()) this.pair(t, kubemu[i]!);
      return { name: `${prefix}-${e}`, later: at, pairs };
    }
    return undefined;
  }

  /** Whether some unpaired token of `text` has a prefix (so eliminate() may pair it). */
  hasUnpaired(text: string): boolean {
    return [...tokenPrefixes(text)].some(([t, prefix]) => prefix !== '' && !this.forward.has(t));
  }

  private pair(expected: string, actual: string): void {
    this.forward.set(expected, actual);
    this.backward.set(actual, expected);
  }

  /** The expected text with every paired token replaced by its partner. */
  apply(expected: string): string {
    return expected.replace(GENERATED, (t) => this.forward.get(t) ?? t);
  }

  /** kubemu's token for a transcript's, when paired. */
  paired(token: string): string | undefined {
    return this.forward.get(token);
  }

  /** The pairs so far, in order, for the report. */
  pairs(): [string, string][] {
    return [...this.forward];
  }
}

const POD_WORDS = '(?:pods?|po)';
const RS_WORDS = '(?:replicasets?(?:\\.apps)?|rs)';

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The kind a text gives a name, when it says: `pod NAME`, `pods/NAME`, `po NAME`,
 * `/registry/pods/NS/NAME`, `pods "NAME"`, `logs NAME`, `exec NAME` are a Pod's; `replicaset NAME`,
 * `rs/NAME`, `replicaset.apps/NAME` a ReplicaSet's; otherwise undefined (any kind, one candidate).
 */
export function kindNamedIn(text: string): (name: string) => string | undefined {
  return (name) => {
    const n = escapeRe(name);
    const end = '(?![A-Za-z0-9-])';
    if (new RegExp(`(?:\\b${POD_WORDS}[/ ]+"?|/registry/pods/[^/\\s]+/|\\b(?:logs|exec|attach|port-forward)(?: +-\\S+)* +(?:pods?/)?)${n}${end}`).test(text)) return 'Pod';
    if (new RegExp(`(?:\\b${RS_WORDS}[/ ]+"?|/registry/replicasets/[^/\\s]+/)${n}${end}`).test(text)) return 'ReplicaSet';
    return undefined;
  };
}
