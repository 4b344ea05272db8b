/**
 * Generated names differ from run to run of a real cluster: a ReplicaSet is `hello-8c9694f75` in the
 * article and `hello-6474c95c86` in a replay, a pod `hello-8c9694f75-4nf7n` and
 * `hello-6474c95c86-6mlqm`. Both pod-template hashes and pod suffixes are written with the
 * apimachinery rand alphabet (`bcdfghjklmnpqrstvwxz2456789`: no vowels, no 0, 1, 3), so a word of
 * 5 to 10 such characters (not a plain number) reads as generated. An English word rarely is one
 * (`https` is); such a word appearing on both sides simply pairs with itself.
 *
 * The mapping pairs them in order of first appearance, across the whole transcript: the first
 * generated token the transcript shows stands for the first one kubemu printed, and so on. Once
 * paired, a token keeps its partner, so a later command that names the other ReplicaSet fails.
 *
 *   expected: hello-8c9694f75-4nf7n, hello-8c9694f75-9ghql
 *   actual:   hello-6474c95c86-6mlqm, hello-6474c95c86-hmb6x
 *   mapping:  8c9694f75->6474c95c86, 4nf7n->6mlqm, 9ghql->hmb6x
 */

const GENERATED = /(?<![A-Za-z0-9])[bcdfghjklmnpqrstvwxz2456789]{5,10}(?![A-Za-z0-9])/g;

/** The generated tokens of a text, each once, in order of first appearance. */
export function generatedTokens(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(GENERATED)) {
    const t = m[0];
    // a plain number (`22545`) or an age (`2m42s`, all of it in the alphabet too) is not a name
    if (/^\d+$/.test(t) || /^(\d+[dhms])+$/.test(t)) continue;
    seen.add(t);
  }
  return [...seen];
}

/**
 * Pod suffixes are always 5 characters, pod-template hashes usually 8 to 10: pairing only within
 * a class keeps a listing whose rows differ (the article shows 4 old pods and 1 new one, the
 * replay 1 old and 4 new) from pairing a hash with a suffix.
 */
function tokenClass(token: string): 'suffix' | 'hash' {
  return token.length === 5 ? 'suffix' : 'hash';
}

/** A consistent, one-to-one pairing of expected tokens with actual ones, grown command by command. */
export class NameMapping {
  private readonly forward = new Map<string, string>();
  private readonly backward = new Map<string, string>();

  /** Pairs the expected text's unpaired tokens with the actual text's unpaired ones, in order. */
  learn(expected: string, actual: string): void {
    const fresh = generatedTokens(actual).filter((t) => !this.backward.has(t));
    for (const e of generatedTokens(expected)) {
      if (this.forward.has(e)) continue;
      const same = fresh.indexOf(e);
      const next = fresh.findIndex((t) => tokenClass(t) === tokenClass(e));
      const at = same >= 0 ? same : next;
      if (at < 0) continue;
      const a = fresh.splice(at, 1)[0]!;
      this.forward.set(e, a);
      this.backward.set(a, e);
    }
  }

  /** The expected text with every paired token replaced by its partner. */
  apply(expected: string): string {
    return expected.replace(GENERATED, (t) => this.forward.get(t) ?? t);
  }

  /** The pairs so far, in order, for the report. */
  pairs(): [string, string][] {
    return [...this.forward];
  }
}
