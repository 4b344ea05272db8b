/**
 * How go-yaml v2 (the YAML library under sigs.k8s.io/yaml, and so under kubectl) resolves a
 * *plain* (unquoted) scalar: YAML 1.1 rules, not the YAML 1.2 core schema js-yaml uses.
 *
 * Used in both directions:
 *  - reading manifests: `replicas: 0x10` is the number 16, `enabled: yes` is `true`, `on:` as a
 *    key becomes the string "true";
 *  - writing YAML: a string is written plain only if reading it back plain would give the same
 *    string, so `"yes"`, `"1.0"`, `"0123"`, `"1e3"`, `"true"`, `""`, `"~"`, timestamps and
 *    base-60 numbers like `"1:20"` are double-quoted.
 *
 * Reference: go-yaml v2 resolve.go (`resolve`, `parseTimestamp`) and encode.go (`isBase60Float`).
 */

/** The tag a plain scalar resolves to. */
export type PlainTag = 'str' | 'bool' | 'null' | 'int' | 'float' | 'timestamp' | 'merge';

export interface Resolved {
  tag: PlainTag;
  /** The JSON value the scalar becomes after sigs.k8s.io/yaml's YAML→JSON step. */
  value: string | number | boolean | null;
}

/** Spellings go-yaml v2 looks up directly (resolveMapList). Case variants are listed, not folded. */
const RESOLVE_MAP: ReadonlyMap<string, Resolved> = new Map<string, Resolved>([
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'].map(
    (s) => [s, { tag: 'bool', value: true }] as [string, Resolved],
  ),
  ...['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'].map(
    (s) => [s, { tag: 'bool', value: false }] as [string, Resolved],
  ),
  ...['', '~', 'null', 'Null', 'NULL'].map((s) => [s, { tag: 'null', value: null }] as [string, Resolved]),
  // Infinity and NaN resolve as floats, but JSON cannot carry them: see toJsonValue below.
  ...['.nan', '.NaN', '.NAN'].map((s) => [s, { tag: 'float', value: Number.NaN }] as [string, Resolved]),
  ...['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'].map(
    (s) => [s, { tag: 'float', value: Number.POSITIVE_INFINITY }] as [string, Resolved],
  ),
  ...['-.inf', '-.Inf', '-.INF'].map((s) => [s, { tag: 'float', value: Number.NEGATIVE_INFINITY }] as [string, Resolved]),
  ['<<', { tag: 'merge', value: '<<' }],
]);

/** First-character hints (resolveTable): only scalars starting with these can be non-strings. */
function hint(c: string | undefined): 'S' | 'D' | 'M' | '.' | null {
  if (c === undefined) return 'M'; // the empty string: looked up in the map (→ null)
  if (c === '+' || c === '-') return 'S';
  if (c >= '0' && c <= '9') return 'D';
  if ('yYnNtTfFoO~'.includes(c)) return 'M';
  if (c === '.') return '.';
  return null;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * Go's strconv.ParseInt(s, 0, 64) then ParseUint(s, 0, 64): base prefixes 0x, 0o, 0b, and a
 * bare leading 0 meaning octal. `0123` → 83, `0x1F` → 31, `-0b101` → -5, `08` → not an int.
 */
function parseGoInteger(s: string): bigint | null {
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (!m) return null;
  const sign = m[1] ?? '';
  const body = m[2] ?? '';
  let v: bigint;
  if (/^0[oO]/.test(body)) v = BigInt('0o' + body.slice(2));
  else if (/^0[0-7]+$/.test(body)) v = BigInt('0o' + body.slice(1));
  else v = BigInt(body); // decimal, 0x.., 0b.. are all understood by BigInt
  if (sign === '-') v = -v;
  if (v >= INT64_MIN && v <= INT64_MAX) return v;
  // ParseUint accepts no sign at all.
  if (sign === '' && v <= UINT64_MAX) return v;
  return null;
}

/** yamlStyleFloat in resolve.go. */
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** What Go's strconv.ParseFloat accepts of the strings that reach it here (decimal forms). */
function parseGoFloat(s: string): number | null {
  if (!/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s)) return null;
  const v = Number(s);
  // ParseFloat reports a range error for overflow; go-yaml then treats the scalar as a string.
  return Number.isFinite(v) ? v : null;
}

/**
 * go-yaml v2's timestamp formats: `2006-1-2T15:4:5.999999999Z07:00` (also lower-case t),
 * `2006-1-2 15:4:5.999999999` (no zone, UTC) and `2006-1-2` — month, day, hour, minute and
 * second may have one or two digits. Returns the instant in RFC3339Nano form, e.g.
 * `2001-12-14` → `2001-12-14T00:00:00Z` (what a typed time.Time target would receive).
 */
export function parseGoYamlTimestamp(s: string): string | null {
  if (!/^[0-9]{4}-/.test(s)) return null;
  const dateOnly = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$/.exec(s);
  const full =
    /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})[Tt]([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$/.exec(
      s,
    );
  const spaced = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2}) ([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(\.[0-9]+)?$/.exec(s);
  const m = full ?? spaced ?? dateOnly;
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const frac = (m[7] ?? '').slice(1, 10).replace(/0+$/, '');
  const zone = full ? (m[8] ?? 'Z') : 'Z';
  const p2 = (n: number): string => String(n).padStart(2, '0');
  const zoneOut = zone === '+00:00' || zone === '-00:00' ? 'Z' : zone;
  return `${String(year).padStart(4, '0')}-${p2(month)}-${p2(day)}T${p2(hour)}:${p2(minute)}:${p2(second)}${
    frac ? '.' + frac : ''
  }${zoneOut}`;
}

/** Resolve a plain scalar the way go-yaml v2 does (resolve.go `resolve` with an empty tag). */
export function resolvePlain(s: string): Resolved {
  const h = hint(s[0]);
  if (h === null) return { tag: 'str', value: s };
  const known = RESOLVE_MAP.get(s);
  if (known) return known;
  switch (h) {
    case 'M':
      break;
    case '.': {
      const f = parseGoFloat(s);
      if (f !== null) return { tag: 'float', value: f };
      break;
    }
    case 'D':
    case 'S': {
      // Decoding into interface{} (as YAMLToJSON does), go-yaml v2 keeps a timestamp's
      // original text "for backward compatibility" (decode.go): `2001-12-14` stays as is.
      if (parseGoYamlTimestamp(s) !== null) return { tag: 'timestamp', value: s };
      const plain = s.replace(/_/g, '');
      const i = parseGoInteger(plain);
      if (i !== null) return { tag: 'int', value: Number(i) };
      if (YAML_STYLE_FLOAT.test(plain)) {
        const f = parseGoFloat(plain);
        if (f !== null) return { tag: 'float', value: f };
      }
      break;
    }
  }
  return { tag: 'str', value: s };
}

/**
 * YAML 1.1 base-60 floats (`1:20`, `-190:20:30.15`): go-yaml no longer reads them as numbers
 * but still quotes such strings on output for other parsers' sake (encode.go isBase60Float).
 */
export function isBase60Float(s: string): boolean {
  return /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/.test(s);
}
