/**
 * The template parser of client-go's `util/jsonpath` (parser.go), reimplemented.
 *
 * It is a hand-written scanner: text outside `{...}` becomes text nodes, and each action
 * becomes a list node of steps. Its quirks are kubectl's, and we keep them:
 *  - `['a.b']` is re-parsed as the field path `.a.b`, so a key containing dots must escape
 *    them: `{.metadata.labels['app\.kubernetes\.io/name']}`;
 *  - `[a,b]` is a union: each part is parsed on its own as `[part]`;
 *  - `[?(...)]` is split by a regular expression into left side, operator and right side;
 *  - `range` and `end` are plain identifiers here; their meaning lives in the evaluator.
 *
 * Errors are the bare upstream messages (`unclosed action`); the printers add the
 * `error parsing jsonpath <template>, ` prefix kubectl shows.
 */
import { JsonPathError } from './errors.js';
import { newList, type JsonPathNode, type JsonPathTemplate, type ListNode, type SliceParam } from './nodes.js';
import { unquoteExtend } from './unquote.js';

const EOF = -1;

const DICT_KEY = /^'([^']*)'$/;
const SLICE = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
const FILTER = /^([^!<>=]+)([!<>=]+)(.+?)$/;

/** The largest value Go's strconv.Atoi accepts on a 64-bit platform. */
const MAX_INT64 = 9223372036854775807n;

function isSpace(r: number): boolean {
  return r === 0x20 || r === 0x09;
}
function isEndOfLine(r: number): boolean {
  return r === 0x0d || r === 0x0a;
}
function isTerminator(r: number): boolean {
  if (isSpace(r) || isEndOfLine(r)) return true;
  return r === EOF || '.,[]$@{}'.includes(String.fromCodePoint(r));
}
function isDigit(r: number): boolean {
  return r !== EOF && /\p{Nd}/u.test(String.fromCodePoint(r));
}
function isAlphaNumeric(r: number): boolean {
  return r !== EOF && (r === 0x5f || /[\p{L}\p{Nd}]/u.test(String.fromCodePoint(r)));
}

/** Go's `%#U`: `U+0023 '#'`, or just `U+0007` when the rune is not printable. */
function formatRune(r: number): string {
  const hex = r.toString(16).toUpperCase().padStart(4, '0');
  const ch = String.fromCodePoint(r);
  return /[\p{L}\p{M}\p{N}\p{P}\p{S} ]/u.test(ch) ? `U+${hex} '${ch}'` : `U+${hex}`;
}

/** Go's strconv.Atoi: optional sign, decimal digits, within int64. */
function atoi(s: string): number | null {
  if (!/^[+-]?\d+$/.test(s)) return null;
  const big = BigInt(s);
  if (big > MAX_INT64 || big < -MAX_INT64 - 1n) return null;
  return Number(big);
}

class Parser {
  private input = '';
  private pos = 0;
  private start = 0;
  private width = 0;
  root: ListNode = newList();

  parse(text: string): void {
    this.input = text;
    this.root = newList();
    this.pos = 0;
    this.start = 0;
    this.parseText(this.root);
  }

  private consumeText(): string {
    const value = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return value;
  }

  private next(): number {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const r = this.input.codePointAt(this.pos) as number;
    this.width = r > 0xffff ? 2 : 1;
    this.pos += this.width;
    return r;
  }

  private peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  private backup(): void {
    this.pos -= this.width;
  }

  /**
   * Upstream's state functions call one another per action (parseText → parseLeftDelim →
   * parseInsideAction → parseRightDelim → parseText), which Go's growable stack absorbs; a
   * JS stack overflows after a couple of thousand actions. So text and actions alternate in a
   * loop here: the same states, in the same order, at a constant depth.
   */
  private parseText(cur: ListNode): void {
    for (;;) {
      if (this.input.startsWith('{', this.pos)) {
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
        this.parseLeftDelim(cur);
        // parseRightDelim: the action is closed, text resumes at the top level.
        cur = this.root;
        continue;
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
  }

  private parseLeftDelim(cur: ListNode): void {
    this.pos += 1;
    this.consumeText();
    const node = newList();
    cur.nodes.push(node);
    this.parseInsideAction(node);
  }

  /** Scans one action up to its `}`; upstream recurses per token, a loop is the same thing here. */
  private parseInsideAction(cur: ListNode): void {
    for (;;) {
      const at = (prefix: string): boolean => this.input.startsWith(prefix, this.pos);
      if (at('}')) return this.parseRightDelim();
      if (at('[?(')) {
        this.parseFilter(cur);
        continue;
      }
      if (at('..')) {
        this.parseRecursive(cur);
        continue;
      }
      const r = this.next();
      if (r === EOF || isEndOfLine(r)) throw new JsonPathError('unclosed action');
      if (r === 0x20 || r === 0x40 /* @ */ || r === 0x24 /* $ */) {
        // `@` and `$` both mean "the current object": nothing to add.
        this.consumeText();
      } else if (r === 0x5b /* [ */) {
        this.parseArray(cur);
      } else if (r === 0x22 || r === 0x27) {
        this.parseQuote(cur, r);
      } else if (r === 0x2e /* . */) {
        this.parseField(cur);
      } else if (r === 0x2b || r === 0x2d || isDigit(r)) {
        this.backup();
        this.parseNumber(cur);
      } else if (isAlphaNumeric(r)) {
        this.backup();
        this.parseIdentifier(cur);
      } else {
        throw new JsonPathError(`unrecognized character in action: ${formatRune(r)}`);
      }
    }
  }

  /** Consumes the `}`; the caller (parseText) carries on with the text after it. */
  private parseRightDelim(): void {
    this.pos += 1;
    this.consumeText();
  }

  private parseIdentifier(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseRecursive(cur: ListNode): void {
    const last = cur.nodes[cur.nodes.length - 1];
    if (last && last.type === 'recursive') throw new JsonPathError('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  private parseNumber(cur: ListNode): void {
    const first = this.peek();
    if (first === 0x2b || first === 0x2d) this.next();
    for (;;) {
      const r = this.next();
      if (r !== 0x2e && !isDigit(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    const i = atoi(value);
    if (i !== null) {
      cur.nodes.push({ type: 'int', value: i });
      return;
    }
    // strconv.ParseFloat on what can only be signs, digits and dots.
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) {
      cur.nodes.push({ type: 'float', value: Number(value) });
      return;
    }
    throw new JsonPathError(`cannot parse number ${value}`);
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) throw new JsonPathError('unterminated array');
      if (r === 0x5d /* ] */) break;
    }
    let text = this.consumeText().slice(1, -1);
    if (text === '*') text = ':';

    const parts = text.split(',');
    if (parts.length > 1) {
      const lists = parts.map((part) => parseAction(`[${trimSpaces(part)}]`));
      cur.nodes.push({ type: 'union', lists });
      return;
    }

    const key = DICT_KEY.exec(text);
    if (key) {
      for (const node of parseAction(`.${key[1] ?? ''}`).nodes) cur.nodes.push(node);
      return;
    }

    const m = SLICE.exec(text);
    if (!m) throw new JsonPathError(`invalid array index ${text}`);
    const params: SliceParam[] = [];
    for (let i = 0; i < 3; i++) {
      let v = m[i + 1] ?? '';
      if (v !== '') {
        if (i > 0) v = v.slice(1);
        if (i > 0 && v === '') {
          params.push({ known: false, value: 0, derived: false });
        } else {
          const n = atoi(v);
          if (n === null) throw new JsonPathError(`array index ${v} is not a number`);
          params.push({ known: true, value: n, derived: false });
        }
      } else if (i === 1) {
        // A plain index `[n]` is the slice `[n:n+1]`.
        params.push({ known: true, value: (params[0]?.value ?? 0) + 1, derived: true });
      } else {
        params.push({ known: false, value: 0, derived: false });
      }
    }
    cur.nodes.push({ type: 'array', params: [params[0]!, params[1]!, params[2]!] });
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = 0;
    loop: for (;;) {
      const r = this.next();
      switch (r) {
        case EOF:
        case 0x0a:
          throw new JsonPathError('unterminated filter');
        case 0x22:
        case 0x27:
          if (!begin) {
            begin = true;
            pair = r;
            continue;
          }
          if (this.input[this.pos - 2] !== '\\' && r === pair) end = true;
          break;
        case 0x29 /* ) */:
          // Quotes may appear at most once on the right side, so a `)` outside them ends it.
          if (begin === end) break loop;
          break;
      }
    }
    if (this.next() !== 0x5d) throw new JsonPathError('unclosed array expect ]');
    const text = this.consumeText().slice(0, -2);
    const m = FILTER.exec(text);
    if (!m) {
      cur.nodes.push({ type: 'filter', left: parseAction(text), right: newList(), operator: 'exists' });
      return;
    }
    const left = parseAction(m[1] ?? '');
    const right = parseAction(m[3] ?? '');
    cur.nodes.push({ type: 'filter', left, right, operator: m[2] ?? '' });
  }

  private parseQuote(cur: ListNode, end: number): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) throw new JsonPathError('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    const s = unquoteExtend(value);
    if (s === null) throw new JsonPathError(`unquote string ${value} error invalid syntax`);
    cur.nodes.push({ type: 'text', text: s });
  }

  private parseField(cur: ListNode): void {
    this.consumeText();
    // Scan to the next terminator that is not escaped with a backslash.
    for (;;) {
      const r = this.next();
      if (r === 0x5c /* \ */) {
        this.next();
      } else if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === '*') cur.nodes.push({ type: 'wildcard' });
    else cur.nodes.push({ type: 'field', name: value.replaceAll('\\', '') });
  }
}

/** Go's strings.Trim(s, " "). */
function trimSpaces(s: string): string {
  return s.replace(/^ +| +$/g, '');
}

/** Parses the inside of one action (`{text}`) and returns its step list. */
function parseAction(text: string): ListNode {
  const p = new Parser();
  p.parse(`{${text}}`);
  const first = p.root.nodes[0];
  return first && first.type === 'list' ? first : newList();
}

/**
 * Parses a kubectl jsonpath template. Throws JsonPathError with the bare upstream message
 * (`unclosed action`, `unrecognized character in action: U+0023 '#'`, ...).
 */
export function parseJsonPath(template: string): JsonPathTemplate {
  const p = new Parser();
  p.parse(template);
  return { source: template, root: p.root };
}

export type { JsonPathNode };
