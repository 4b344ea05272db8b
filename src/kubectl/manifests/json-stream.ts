/**
 * Reading one JSON value from a stream the way Go's json.Decoder does, with Go's syntax-error
 * wording (encoding/json scanner.go), because kubectl shows it verbatim:
 *   `json: offset 65: invalid character '"' after object key`
 * The offset counts UTF-8 bytes from the start of the stream up to and including the bad
 * character. A value cut short by end of input is `unexpected EOF`.
 */
import type { JsonObject, JsonValue } from '../../common/json.js';
import { setOwn } from '../../common/own-keys.js';
import { KUBEMU_MAX_DEPTH, MAX_NESTING_DEPTH, kubemuDepthMessage } from './input-limits.js';

/** An open container while parsing: an array, or an object and the key whose value comes next. */
interface Frame {
  out: JsonValue[] | JsonObject;
  key?: string;
}

export class JsonSyntaxError extends Error {
  constructor(
    /** scanner message, e.g. `invalid character '}' looking for beginning of object key string` */
    readonly detail: string,
    /** byte offset as Go reports it; 0 for `unexpected EOF` */
    readonly offset: number,
    readonly unexpectedEof: boolean,
  ) {
    super(unexpectedEof ? 'unexpected EOF' : `json: offset ${offset}: ${detail}`);
    this.name = 'JsonSyntaxError';
  }
}

/** Go's quoteChar: `'x'`, `'\''`, `'"'`, `'\n'`. */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  const q = JSON.stringify(c);
  return `'${q.slice(1, -1)}'`;
}

/**
 * Parse the JSON value starting at or after `pos` (leading whitespace allowed).
 * Returns the value, its raw text (as json.RawMessage keeps it) and the index after it.
 */
export function readJsonValue(text: string, pos: number): { value: JsonValue; raw: string; end: number } {
  const p = new GoJsonParser(text);
  p.i = pos;
  p.skipWs();
  const start = p.i;
  const value = p.value();
  // Within Go's limit but beyond kubemu's: refused once the value is known to be valid JSON,
  // so that a syntax error or Go's own depth error still wins, as in kubectl.
  if (p.beyondKubemu !== undefined) {
    throw new JsonSyntaxError(`invalid character '${p.beyondKubemu.char}' ${kubemuDepthMessage()}`, p.beyondKubemu.offset, false);
  }
  return { value, raw: text.slice(start, p.i), end: p.i };
}

class GoJsonParser {
  i = 0;
  /** The first container opened deeper than KUBEMU_MAX_DEPTH, if any. */
  beyondKubemu?: { char: string; offset: number };
  constructor(private readonly s: string) {}

  private fail(detailContext: string): never {
    if (this.i >= this.s.length) throw new JsonSyntaxError('unexpected EOF', 0, true);
    const c = this.s[this.i] as string;
    const offset = Buffer.byteLength(this.s.slice(0, this.i + 1), 'utf8');
    throw new JsonSyntaxError(`invalid character ${quoteChar(c)} ${detailContext}`, offset, false);
  }

  skipWs(): void {
    while (this.i < this.s.length && ' \t\r\n'.includes(this.s[this.i] as string)) this.i++;
  }

  /**
   * One value, containers included, with an explicit stack rather than recursion: a document
   * nested 10,000 deep (which Go accepts) must not exhaust JavaScript's call stack, and one
   * nested deeper must fail the way Go's scanner does (see MAX_NESTING_DEPTH).
   */
  value(): JsonValue {
    const stack: Frame[] = [];
    let result: JsonValue;
    for (;;) {
      // Read a value; a container opens a frame and its members are read by the loop below.
      this.skipWs();
      const c = this.s[this.i];
      if (c === '{' || c === '[') {
        if (stack.length + 1 > MAX_NESTING_DEPTH) this.fail('exceeded max depth');
        if (stack.length + 1 > KUBEMU_MAX_DEPTH && this.beyondKubemu === undefined) {
          this.beyondKubemu = { char: c, offset: Buffer.byteLength(this.s.slice(0, this.i + 1), 'utf8') };
        }
        this.i++;
        this.skipWs();
        if (c === '{') {
          const frame: Frame = { out: {}, key: '' };
          if (this.s[this.i] === '}') {
            this.i++;
            result = frame.out;
          } else {
            frame.key = this.objectKey();
            stack.push(frame);
            continue;
          }
        } else {
          const frame: Frame = { out: [] };
          if (this.s[this.i] === ']') {
            this.i++;
            result = frame.out;
          } else {
            stack.push(frame);
            continue;
          }
        }
      } else {
        result = this.scalar(c);
      }
      // Store the value in the innermost open container; close containers that end here.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) return result;
        if (Array.isArray(top.out)) {
          top.out.push(result);
          this.skipWs();
          const d = this.s[this.i];
          if (d === ',') {
            this.i++;
            break;
          }
          if (d !== ']') this.fail('after array element');
        } else {
          // A key like "__proto__" must become an own property, as Go's map key does.
          setOwn(top.out, top.key ?? '', result);
          this.skipWs();
          const d = this.s[this.i];
          if (d === ',') {
            this.i++;
            this.skipWs();
            top.key = this.objectKey();
            break;
          }
          if (d !== '}') this.fail('after object key:value pair');
        }
        this.i++;
        stack.pop();
        result = top.out;
      }
    }
  }

  /** An object key and the ':' after it; leaves the position at the value. */
  private objectKey(): string {
    if (this.s[this.i] !== '"') this.fail('looking for beginning of object key string');
    const k = this.string();
    this.skipWs();
    if (this.s[this.i] !== ':') this.fail('after object key');
    this.i++;
    return k;
  }

  private scalar(c: string | undefined): JsonValue {
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    return this.fail('looking for beginning of value');
  }

  private string(): string {
    const start = this.i;
    this.i++;
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined) this.fail('in string literal');
      if (c === '"') break;
      if (c === '\\') {
        this.i++;
        const e = this.s[this.i];
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            this.i++;
            if (!/^[0-9a-fA-F]$/.test(this.s[this.i] ?? '')) this.fail('in \\u hexadecimal character escape');
          }
        } else if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          this.fail('in string escape code');
        }
      } else if ((c.codePointAt(0) ?? 0) < 0x20) {
        this.fail('in string literal');
      }
      this.i++;
    }
    this.i++;
    return JSON.parse(this.s.slice(start, this.i)) as string;
  }

  private digits(context: string, required: boolean): void {
    const start = this.i;
    while (/^[0-9]$/.test(this.s[this.i] ?? '')) this.i++;
    if (required && this.i === start) this.fail(context);
  }

  private number(): number {
    const start = this.i;
    if (this.s[this.i] === '-') this.i++;
    if (this.s[this.i] === '0') this.i++;
    else this.digits('in numeric literal', true);
    if (this.s[this.i] === '.') {
      this.i++;
      this.digits('after decimal point in numeric literal', true);
    }
    if (this.s[this.i] === 'e' || this.s[this.i] === 'E') {
      this.i++;
      if (this.s[this.i] === '+' || this.s[this.i] === '-') this.i++;
      this.digits('in exponent of numeric literal', true);
    }
    return Number(this.s.slice(start, this.i));
  }

  private literal<T extends JsonValue>(word: string, v: T): T {
    for (let k = 0; k < word.length; k++) {
      if (this.s[this.i] !== word[k]) this.fail(`in literal ${word} (expecting '${word[k]}')`);
      this.i++;
    }
    return v;
  }
}
