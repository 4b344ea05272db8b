/**
 * Reading one JSON value from a stream the way Go's json.Decoder does, with Go's syntax-error
 * wording (encoding/json scanner.go), because kubectl shows it verbatim:
 *   `json: offset 65: invalid character '"' after object key`
 * The offset counts UTF-8 bytes from the start of the stream up to and including the bad
 * character. A value cut short by end of input is `unexpected EOF`.
 */
import type { JsonValue } from '../../common/json.js';

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
  return { value, raw: text.slice(start, p.i), end: p.i };
}

class GoJsonParser {
  i = 0;
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

  value(): JsonValue {
    this.skipWs();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    return this.fail('looking for beginning of value');
  }

  private object(): JsonValue {
    this.i++;
    const out: { [k: string]: JsonValue } = {};
    this.skipWs();
    if (this.s[this.i] === '}') {
      this.i++;
      return out;
    }
    for (;;) {
      this.skipWs();
      if (this.s[this.i] !== '"') this.fail('looking for beginning of object key string');
      const k = this.string();
      this.skipWs();
      if (this.s[this.i] !== ':') this.fail('after object key');
      this.i++;
      out[k] = this.value();
      this.skipWs();
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === '}') {
        this.i++;
        return out;
      }
      this.fail('after object key:value pair');
    }
  }

  private array(): JsonValue {
    this.i++;
    const out: JsonValue[] = [];
    this.skipWs();
    if (this.s[this.i] === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.skipWs();
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === ']') {
        this.i++;
        return out;
      }
      this.fail('after array element');
    }
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
