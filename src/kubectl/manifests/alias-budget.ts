/**
 * go-yaml v2's defence against alias bombs ("billion laughs"), which kubectl inherits:
 * decoding counts every node it visits, and every node visited through an alias; once more
 * than 100 alias-driven visits and 1,000 visits in all have been made, the share that came
 * through aliases may not pass a ratio that depends on the document's size (decode.go
 * allowedAliasRatio): 99% up to 400,000 visits, falling linearly to 10% at 4,000,000 and
 * staying there. Passing it fails the document: `yaml: document contains excessive aliasing`.
 * Worked numbers: 9 levels of 9 aliases expand to 9^9 ≈ 387 million visits from about a
 * hundred written nodes; the share passes 99% after about ten thousand visits, so the
 * document fails at once. A manifest that reuses one 20-key anchor ten times has 22 alias
 * visits per use, far below 100 in all, and is never checked.
 *
 * js-yaml shares one object between an anchor and its aliases, so reading is cheap and the
 * cost comes later, when the value is expanded (copied) into JSON. This budget watches
 * js-yaml's composition through its `listener` and charges each alias the size of what it
 * expands to, computed once per anchor, so the verdict is reached without expanding
 * anything. Charging a whole expansion at the alias's end gives go-yaml's verdict: during
 * one expansion the alias share only grows and the allowed ratio only falls, so if go-yaml
 * trips inside it, it is still tripped at its end.
 *
 * The counts are js-yaml's, not go-yaml's: js-yaml composes a plain scalar in block context
 * twice (first as a would-be mapping key, then as the value it is), so both counts run up to
 * about twice go-yaml's. The share, which decides in all but the largest documents, is about
 * the same; the size thresholds are reached somewhat sooner.
 *
 * It also reports an alias inside its own anchor's value (`&a [1, *a]`), which js-yaml
 * turns into a cyclic value: go-yaml says `yaml: anchor 'a' value contains itself`.
 */

/** The part of js-yaml's loader state the listener reads. */
export interface ComposeState {
  input: string;
  position: number;
  kind: string | null;
  anchor: string | null;
  result: unknown;
}

export class YamlAliasError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YamlAliasError';
  }
}

const RANGE_LOW = 400_000;
const RANGE_HIGH = 4_000_000;

/** allowedAliasRatio(decodeCount) of go-yaml v2. */
export function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= RANGE_LOW) return 0.99;
  if (decodeCount >= RANGE_HIGH) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - RANGE_LOW) / (RANGE_HIGH - RANGE_LOW));
}

export class AliasBudget {
  /** Nodes visited, as go-yaml counts them (the document node included). */
  private decodeCount = 1;
  /** Of which through an alias. */
  private aliasCount = 0;
  /** Per open node: how many visits decoding it costs so far (itself included). */
  private readonly open: { size: number; position: number }[] = [];
  /** What decoding an anchored collection costs, by js-yaml's shared object. */
  private readonly sizes = new WeakMap<object, number>();

  /** js-yaml's `listener` option. */
  readonly listener = (event: 'open' | 'close', state: ComposeState): void => {
    if (event === 'open') {
      this.decodeCount++;
      this.open.push({ size: 1, position: state.position });
      return;
    }
    const frame = this.open.pop();
    if (frame === undefined) return;
    const result = state.result;
    // js-yaml leaves `kind` unset only for an alias and for an empty node (whose result is null).
    if (state.kind === null && result !== null && result !== undefined) {
      let expands = 1; // an alias of a scalar
      if (typeof result === 'object') {
        const known = this.sizes.get(result);
        if (known === undefined) {
          // Every anchored collection is sized when it closes: this one is still open.
          throw new YamlAliasError(`yaml: anchor '${aliasName(state.input, frame.position)}' value contains itself`);
        }
        expands = known;
      }
      frame.size += expands;
      this.decodeCount += expands;
      this.aliasCount += expands;
      if (
        this.aliasCount > 100 &&
        this.decodeCount > 1000 &&
        this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)
      ) {
        throw new YamlAliasError('yaml: document contains excessive aliasing');
      }
    } else if (state.anchor !== null && typeof result === 'object' && result !== null) {
      this.sizes.set(result, frame.size);
    }
    const parent = this.open[this.open.length - 1];
    if (parent !== undefined) parent.size += frame.size;
  };
}

/** The name of the alias (`*name`) that follows `from`, past blanks and comments. */
function aliasName(input: string, from: number): string {
  const re = /(?:[ \t\r\n]|#[^\n]*)*\*([^ \t\r\n,[\]{}]*)/y;
  re.lastIndex = from;
  return re.exec(input)?.[1] ?? '';
}
