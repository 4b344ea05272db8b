/**
 * Go's `strconv.Unquote` as client-go's jsonpath `UnquoteExtend` uses it: the same escape
 * rules for both quote characters, so `{'a\tb'}` and `{"a\tb"}` both give a tab.
 *
 * Returns null where Go returns `strconv.ErrSyntax` ("invalid syntax").
 */

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

function isHex(s: string): boolean {
  return /^[0-9a-fA-F]+$/.test(s);
}

export function unquoteExtend(s: string): string | null {
  if (s.length < 2) return null;
  const quote = s[0];
  if (quote !== s[s.length - 1]) return null;
  if (quote !== '"' && quote !== "'") return null;
  const body = s.slice(1, -1);
  if (!body.includes('\\') && !body.includes(quote)) return body;

  let out = '';
  let i = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if (c === quote) return null; // an unescaped quote inside the literal
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) return null;
    i += 2;
    if (e in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[e];
    } else if (e === "'" || e === '"') {
      // Go accepts \' only inside '...' and \" only inside "...".
      if (e !== quote) return null;
      out += e;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i, i + n);
      if (hex.length !== n || !isHex(hex)) return null;
      const cp = parseInt(hex, 16);
      // \u and \U must name a valid Unicode scalar value; \x is a raw byte, which we can
      // only represent as the code point of the same number (Go would emit the raw byte).
      if (e !== 'x' && (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) return null;
      out += String.fromCodePoint(cp);
      i += n;
    } else if (e >= '0' && e <= '7') {
      const oct = body.slice(i - 1, i + 2);
      if (!/^[0-7]{3}$/.test(oct)) return null;
      const v = parseInt(oct, 8);
      if (v > 255) return null;
      out += String.fromCharCode(v);
      i += 2;
    } else {
      return null;
    }
  }
  return out;
}
