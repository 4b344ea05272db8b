/**
 * YAML exactly as kubectl prints it with `-o yaml`.
 *
 * kubectl's YAML printer calls sigs.k8s.io/yaml: the object is marshalled to JSON, the JSON is
 * read back into generic Go maps by go-yaml v2, and go-yaml v2 marshals those maps. So:
 *  - map keys always come out sorted, in go-yaml's "natural" order (see compareKeysGoYaml),
 *    whatever the object's field order was (typed or not);
 *  - integers print plainly, other numbers as Go's strconv.FormatFloat(f, 'g', -1, 64);
 *  - strings are plain, single-quoted, double-quoted or `|` literal blocks by libyaml's emitter
 *    rules, and plain/quoted strings longer than 80 columns are folded at spaces.
 *
 * This file is a port of the parts of go-yaml v2's emitter (emitterc.go) that JSON-shaped data
 * can reach: block mappings and sequences, empty flow `{}`/`[]`, and the four scalar writers.
 * Column arithmetic is in characters (runes), as in the emitter.
 */
import type { JsonValue } from '../../common/json.js';
import { isBase60Float, resolvePlain } from '../manifests/yaml-resolve.js';

export interface YamlOptions {
  /**
   * Sort map keys in go-yaml's order (default true). kubectl always prints YAML sorted,
   * because of the JSON round trip described above; pass false only to keep insertion order
   * for non-kubectl purposes.
   */
  sortKeys?: boolean;
}

/** Serialise one JSON value as a YAML document (no leading `---`), ending in a newline. */
export function toYaml(value: JsonValue, opts: YamlOptions = {}): string {
  const e = new Emitter(opts.sortKeys ?? true);
  e.emitNode(value, { root: true, sequence: false, mapping: false, simpleKey: false });
  // DOCUMENT-END: write_indent, which breaks the line unless we are already at its start.
  e.writeIndent();
  return e.out.join('');
}

/** libyaml's preferred width; scalars are folded at the first space past this column. */
const BEST_WIDTH = 80;
/** libyaml's indentation step. */
const BEST_INDENT = 2;

type ScalarStyle = 'plain' | 'single' | 'double' | 'literal';

interface Context {
  root: boolean;
  sequence: boolean;
  mapping: boolean;
  simpleKey: boolean;
}

/** The result of yaml_emitter_analyze_scalar: which styles can represent the string. */
interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

const isBreak = (c: string | undefined): boolean =>
  c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isSpace = (c: string | undefined): boolean => c === ' ';
const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isBlankZ = (c: string | undefined): boolean => c === undefined || isBlank(c) || isBreak(c) || c === '\0';

/**
 * libyaml's is_printable on UTF-8 bytes, restated on code points: LF, printable ASCII,
 * U+00A0–U+D7FF and U+E000–U+FFFD except the BOM. Tabs, C1 controls and everything outside
 * the BMP (emoji!) are *not* printable, so such strings are double-quoted with escapes:
 * `smile 😀` prints as `"smile \U0001F600"`.
 */
function isPrintable(c: string): boolean {
  const cp = c.codePointAt(0) ?? 0;
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}

/** Port of yaml_emitter_analyze_scalar (flow-context results omitted: we never emit flow scalars). */
function analyzeScalar(chars: string[]): ScalarAnalysis {
  if (chars.length === 0) {
    return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  }
  let blockIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;

  const first3 = chars.slice(0, 3).join('');
  if (first3 === '---' || first3 === '...') blockIndicators = true;

  let precededByWhitespace = true;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const followedByWhitespace = i + 1 >= chars.length || isBlank(chars[i + 1]);
    if (i === 0) {
      switch (c) {
        case '#': case ',': case '[': case ']': case '{': case '}': case '&': case '*':
        case '!': case '|': case '>': case "'": case '"': case '%': case '@': case '`':
          blockIndicators = true;
          break;
        case '?': case ':':
          if (followedByWhitespace) blockIndicators = true;
          break;
        case '-':
          if (followedByWhitespace) blockIndicators = true;
          break;
      }
    } else {
      if (c === ':' && followedByWhitespace) blockIndicators = true;
      if (c === '#' && precededByWhitespace) blockIndicators = true;
    }

    if (!isPrintable(c)) specialCharacters = true;
    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankZ(c);
  }

  const a: ScalarAnalysis = {
    multiline: lineBreaks,
    blockPlainAllowed: true,
    singleQuotedAllowed: true,
    blockAllowed: true,
  };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlainAllowed = false;
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
    a.blockAllowed = false;
  }
  if (lineBreaks) a.blockPlainAllowed = false;
  if (blockIndicators) a.blockPlainAllowed = false;
  return a;
}

/**
 * go-yaml v2's key order (sorter.go keyList.Less) for string keys: compare rune by rune;
 * letters sort by code point; a non-letter sorts before a letter; runs of digits compare as
 * numbers. So `a9` < `a10`, `_u` < `A` < `a-b` < `a9`, and `x-2` < `x10`.
 */
export function compareKeysGoYaml(a: string, b: string): number {
  if (a === b) return 0;
  return goYamlKeyLess(a, b) ? -1 : 1;
}

const isLetter = (c: string): boolean => /^\p{L}$/u.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && /^\p{Nd}$/u.test(c);

function goYamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const ac = ar[i] as string;
    const bc = br[i] as string;
    if (ac === bc) continue;
    const al = isLetter(ac);
    const bl = isLetter(bc);
    if (al && bl) return (ac.codePointAt(0) ?? 0) < (bc.codePointAt(0) ?? 0);
    if (al || bl) return bl;
    // Numbers: a run of digits ending here compares by value. A zero run preceded by a
    // non-zero digit counts as non-zero ("10" vs "1a" style prefixes), as in upstream.
    let an = 0n;
    let bn = 0n;
    if (ac === '0' || bc === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10n + BigInt((ar[ai]?.codePointAt(0) ?? 48) - 48);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10n + BigInt((br[bi]?.codePointAt(0) ?? 48) - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return (ac.codePointAt(0) ?? 0) < (bc.codePointAt(0) ?? 0);
  }
  return ar.length < br.length;
}

/**
 * A number as go-yaml prints it after the JSON round trip: integers that fit int64 (or
 * uint64) plainly; everything else is a float64 printed by FormatFloat(f, 'g', -1, 64), which
 * switches to exponent form when the decimal exponent is < -4 or >= 6 (the "shortest"
 * precision rule): 1.5 → `1.5`, 1234567.5 → `1.2345675e+06`, 0.0000015 → `1.5e-06`,
 * 1e21 → `1e+21`.
 */
export function formatYamlNumber(n: number): string {
  if (Number.isNaN(n)) return '.nan';
  if (n === Number.POSITIVE_INFINITY) return '.inf';
  if (n === Number.NEGATIVE_INFINITY) return '-.inf';
  if (Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63) return BigInt(n).toString();
  // Beyond int64 Go held a float64, which encoding/json wrote as shortest digits padded with
  // zeros (2**63 → 9223372036854776000); go-yaml reads that back as a uint64 and prints it.
  if (Number.isInteger(n) && n >= 0 && n < 2 ** 64) return String(n);
  return formatGoFloatG(n);
}

/** strconv.FormatFloat(n, 'g', -1, 64) for finite n. */
function formatGoFloatG(n: number): string {
  // toExponential() gives the shortest round-tripping digits, like Go's shortest mode.
  const [mant = '0', expText = '0'] = n.toExponential().split('e');
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const exp = Number(expText);
  const sign = neg ? '-' : '';
  if (exp < -4 || exp >= 6) {
    const frac = digits.length > 1 ? '.' + digits.slice(1) : '';
    const e = Math.abs(exp);
    return `${sign}${digits[0]}${frac}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' + e : String(e)}`;
  }
  // Plain decimal: place the point after exp+1 digits.
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const fracPart = digits.slice(exp + 1);
  return `${sign}${intPart}${fracPart ? '.' + fracPart : ''}`;
}

/**
 * The emitter state of libyaml that matters for block output: the column, whether the last
 * thing written was whitespace / indentation, and the indentation stack.
 */
class Emitter {
  readonly out: string[] = [];
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;
  private readonly indents: number[] = [];
  private ctx: Context = { root: false, sequence: false, mapping: false, simpleKey: false };

  constructor(private readonly sortKeys: boolean) {}

  private put(c: string): void {
    this.out.push(c);
    this.column++;
  }

  private putBreak(): void {
    this.out.push('\n');
    this.column = 0;
  }

  /** write_break: a `\n` becomes the output line break; other break characters are copied. */
  private writeBreak(c: string): void {
    if (c === '\n') this.putBreak();
    else {
      this.out.push(c);
      this.column = 0;
    }
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  private popIndent(): void {
    this.indent = this.indents.pop() ?? -1;
  }

  writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  private writeIndicator(ind: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    for (const c of ind) this.put(c);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  emitNode(v: JsonValue, ctx: Context): void {
    this.ctx = ctx;
    if (Array.isArray(v)) {
      if (v.length === 0) this.emitEmptyFlow('[', ']');
      else this.emitBlockSequence(v);
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      if (keys.length === 0) this.emitEmptyFlow('{', '}');
      else this.emitBlockMapping(v, this.sortKeys ? keys.sort((a, b) => compareKeysGoYaml(foldNextLines(a), foldNextLines(b))) : keys);
    } else if (typeof v === 'string') {
      this.emitString(v);
    } else if (typeof v === 'number') {
      this.emitScalar(formatYamlNumber(v), 'plain');
    } else if (typeof v === 'boolean') {
      this.emitScalar(v ? 'true' : 'false', 'plain');
    } else {
      this.emitScalar('null', 'plain');
    }
  }

  private emitEmptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.increaseIndent(true, false);
    this.popIndent();
    this.writeIndicator(close, false, false, false);
  }

  private emitBlockSequence(items: JsonValue[]): void {
    // Under a mapping key the dash is not indented: "containers:\n- name: x".
    this.increaseIndent(false, this.ctx.mapping && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.emitNode(item, { root: false, sequence: true, mapping: false, simpleKey: false });
    }
    this.popIndent();
  }

  private emitBlockMapping(obj: { [k: string]: JsonValue }, keys: string[]): void {
    this.increaseIndent(false, false);
    for (const k of keys) {
      const value = obj[k] as JsonValue;
      this.writeIndent();
      if (isSimpleKey(foldNextLines(k))) {
        this.emitNode(k, { root: false, sequence: false, mapping: true, simpleKey: true });
        this.writeIndicator(':', false, false, false);
      } else {
        // Keys longer than 128 bytes or spanning lines use the explicit "? key\n: value" form.
        this.writeIndicator('?', true, false, true);
        this.emitNode(k, { root: false, sequence: false, mapping: true, simpleKey: false });
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.emitNode(value, { root: false, sequence: false, mapping: true, simpleKey: false });
    }
    this.popIndent();
  }

  /** encode.go stringv + yaml_emitter_select_scalar_style. */
  private emitString(raw: string): void {
    const s = foldNextLines(raw);
    const chars = [...s];
    const analysis = analyzeScalar(chars);
    let style: ScalarStyle;
    if (s.includes('\n')) style = 'literal';
    else if (resolvePlain(s).tag === 'str' && !isBase60Float(s)) style = 'plain';
    else style = 'double';

    if (style === 'plain') {
      if (!analysis.blockPlainAllowed) style = 'single';
      if (chars.length === 0 && this.ctx.simpleKey) style = 'single';
    }
    if (style === 'single' && !analysis.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!analysis.blockAllowed || this.ctx.simpleKey)) style = 'double';
    this.emitScalar(s, style);
  }

  private emitScalar(s: string, style: ScalarStyle): void {
    this.increaseIndent(true, false);
    const chars = [...s];
    const allowBreaks = !this.ctx.simpleKey;
    switch (style) {
      case 'plain':
        this.writePlain(chars, allowBreaks);
        break;
      case 'single':
        this.writeSingleQuoted(chars, allowBreaks);
        break;
      case 'double':
        this.writeDoubleQuoted(chars, allowBreaks);
        break;
      case 'literal':
        this.writeLiteral(chars);
        break;
    }
    this.popIndent();
  }

  private writePlain(chars: string[], allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i] as string;
      if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && !isSpace(chars[i + 1])) this.writeIndent();
        else this.put(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === '\n') this.putBreak();
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.whitespace = false;
    this.indention = false;
  }

  private writeSingleQuoted(chars: string[], allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i] as string;
      if (isSpace(c)) {
        if (
          allowBreaks &&
          !spaces &&
          this.column > BEST_WIDTH &&
          i > 0 &&
          i < chars.length - 1 &&
          !isSpace(chars[i + 1])
        ) {
          this.writeIndent();
        } else {
          this.put(c);
        }
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === '\n') this.putBreak();
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === "'") this.put("'");
        this.put(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeDoubleQuoted(chars: string[], allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    const startsWithBom = chars[0] === '\uFEFF';
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i] as string;
      // libyaml's is_bom(value, i) looks at the *start* of the value, not at i: a string
      // beginning with a BOM gets every character escaped. Reproduced on purpose.
      if (!isPrintable(c) || startsWithBom || isBreak(c) || c === '"' || c === '\\') {
        this.out.push(...escapeDoubleQuoted(c));
        this.column += escapeDoubleQuoted(c).length;
        spaces = false;
      } else if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < chars.length - 1) {
          this.writeIndent();
          // A folded line starting with a space would lose it: escape it.
          if (isSpace(chars[i + 1])) this.put('\\');
        } else {
          this.put(c);
        }
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeLiteral(chars: string[]): void {
    this.writeIndicator('|', true, false, false);
    // Block scalar header: an explicit indentation indicator when the text starts with a
    // space or a break, then the chomping indicator: `-` strip (no final break), none
    // clip (exactly one), `+` keep (more than one, or the text is only a break).
    if (isSpace(chars[0]) || isBreak(chars[0])) this.writeIndicator(String(BEST_INDENT), false, false, false);
    const last = chars[chars.length - 1];
    let chomp = '';
    if (chars.length === 0 || !isBreak(last)) chomp = '-';
    else if (chars.length === 1) chomp = '+';
    else if (isBreak(chars[chars.length - 2])) chomp = '+';
    if (chomp) this.writeIndicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const c of chars) {
      if (isBreak(c)) {
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(c);
        this.indention = false;
        breaks = false;
      }
    }
  }
}

/** yaml_emitter_check_simple_key for a string key: one line, at most 128 bytes of UTF-8. */
function isSimpleKey(k: string): boolean {
  if ([...k].some(isBreak)) return false;
  return Buffer.byteLength(k, 'utf8') <= 128;
}

/** The escapes of yaml_emitter_write_double_quoted_scalar. */
function escapeDoubleQuoted(c: string): string[] {
  const named: Record<string, string> = {
    '\0': '0',
    '\x07': 'a',
    '\b': 'b',
    '\t': 't',
    '\n': 'n',
    '\v': 'v',
    '\f': 'f',
    '\r': 'r',
    '\x1b': 'e',
    '"': '"',
    '\\': '\\',
    '\u0085': 'N',
    '\u00a0': '_',
    '\u2028': 'L',
    '\u2029': 'P',
  };
  const n = named[c];
  if (n !== undefined) return ['\\', n];
  const cp = c.codePointAt(0) ?? 0;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return ['\\', 'x', ...hex.padStart(2, '0')];
  if (cp <= 0xffff) return ['\\', 'u', ...hex.padStart(4, '0')];
  return ['\\', 'U', ...hex.padStart(8, '0')];
}

/**
 * The JSON→YAML round trip has one lossy step: Go's JSON encoder leaves U+0085 (NEL) raw,
 * and go-yaml's scanner, reading that JSON as YAML, treats NEL as a line break inside the
 * double-quoted string and folds it. Blanks around the break disappear; one break becomes a
 * space, n > 1 breaks become n-1 newlines. So `"a\u0085b"` prints as `a b`, and
 * `"a \u0085\u0085 b"` as a string with one newline between a and b.
 */
export function foldNextLines(s: string): string {
  if (!s.includes('\u0085')) return s;
  return s.replace(/[ \u0085]+/g, (run) => {
    const breaks = [...run].filter((c) => c === '\u0085').length;
    if (breaks === 0) return run;
    return breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
  });
}
