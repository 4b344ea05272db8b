/**
 * The string formats of k8s.io/apimachinery/pkg/util/validation (v0.34): each check returns
 * the list of messages kube-apiserver would put after `Invalid value: "<v>": `, in order.
 */

/**
 * RegexError: the message, then the examples and the regex. Upstream appends `'<ex>', ` per
 * example and joins with ` or `, hence the double space with two examples:
 *   regexError('m', 'R', 'a', 'b') === "m (e.g. 'a',  or 'b', regex used for validation is 'R')"
 */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  let out = msg + ' (e.g. ';
  examples.forEach((ex, i) => {
    if (i > 0) out += ' or ';
    out += `'${ex}', `;
  });
  return out + `regex used for validation is '${fmt}')`;
}

export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

const EMPTY_ERROR = 'must be non-empty';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";

/**
 * Whether value matches `^DNS1123_SUBDOMAIN_FMT$` (dots) or `^DNS1123_LABEL_FMT$`, by one scan of the char codes:
 * labels of [-a-z0-9] that neither start nor end with '-', separated by single dots. Every
 * object name is checked so (an Event's too, 40,000 in a 2-minute advance of 10,000 pods), and
 * the regexes backtracked at each label's end.
 */
export function matchesDNS1123(value: string, dots: boolean): boolean {
  // the previous char code; a dot before the first char: a label starts there
  let prev = 46;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) prev = c;
    else if (c === 45 && prev !== 46) prev = c;
    else if (c === 46 && dots && prev !== 46 && prev !== 45) prev = c;
    else return false;
  }
  return prev !== 46 && prev !== 45;
}

const dns1035Label = new RegExp(`^${DNS1035_LABEL_FMT}$`);

/** Go's len(): the UTF-8 byte length, which is what the length limits count. */
function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/**
 * Whether the UTF-8 byte length is over max; a string of at most max / 3 UTF-16 code units
 * never is (each takes at most 3 bytes; a surrogate pair, two units, takes 4), so most names are
 * not encoded to tell.
 */
function longerThan(s: string, max: number): boolean {
  return s.length * 3 > max && byteLength(s) > max;
}

export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (longerThan(value, 63)) errs.push(maxLenError(63));
  if (!matchesDNS1123(value, false)) {
    // A valid subdomain that is not a valid label can only be failing on its dots.
    if (matchesDNS1123(value, true)) errs.push('must not contain dots');
    else errs.push(regexError(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (longerThan(value, 253)) errs.push(maxLenError(253));
  if (!matchesDNS1123(value, true)) errs.push(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (longerThan(value, 63)) errs.push(maxLenError(63));
  if (!dns1035Label.test(value)) errs.push(regexError(DNS1035_LABEL_MSG, DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  return errs;
}

/** A function checking an object name; `prefix` is true for generateName. */
export type NameValidator = (name: string, prefix: boolean) => string[];

/**
 * maskTrailingDash: a generateName may end in '-' since a suffix follows; upstream swaps the
 * last two characters for "a" before checking, e.g. "web-" → "wea".
 */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? name.slice(0, -2) + 'a' : name;
}

export const nameIsDNSSubdomain: NameValidator = (name, prefix) =>
  isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
export const nameIsDNSLabel: NameValidator = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);
export const nameIsDNS1035Label: NameValidator = (name, prefix) =>
  isDNS1035Label(prefix ? maskTrailingDash(name) : name);

const QNAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QNAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const qualifiedName = new RegExp(`^${QNAME_FMT}$`);

/** IsQualifiedName: label keys, annotation keys, finalizers: `[prefix/]name`. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix.length === 0) errs.push('prefix part ' + EMPTY_ERROR);
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => 'prefix part ' + m));
  } else {
    return [
      'a qualified name ' +
        regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc') +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push('name part ' + EMPTY_ERROR);
  else if (byteLength(name) > 63) errs.push('name part ' + maxLenError(63));
  if (!qualifiedName.test(name)) errs.push('name part ' + regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc'));
  return errs;
}

const LABEL_VALUE_FMT = `(${QNAME_FMT})?`;
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValue = new RegExp(`^${LABEL_VALUE_FMT}$`);

export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (longerThan(value, 63)) errs.push(maxLenError(63));
  if (!labelValue.test(value)) errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

/** IsValidPortName: IANA_SVC_NAME, at most 15 characters, at least one letter. */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (byteLength(port) > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

const PERCENT_FMT = '[0-9]+%';

export function isValidPercent(percent: string): string[] {
  return /^[0-9]+%$/.test(percent)
    ? []
    : [regexError("a valid percent string must be a numeric string followed by an ending '%'", PERCENT_FMT, '1%', '93%')];
}

/**
 * IsRelaxedEnvVarName (RelaxedEnvironmentVariableValidation, GA in 1.34): any printable ASCII
 * but '='.
 */
export function isRelaxedEnvVarName(value: string): string[] {
  const errs: string[] = [];
  if (value.length === 0) errs.push('environment variable name ' + EMPTY_ERROR);
  for (const ch of value) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp > 0x7f || cp < 0x20 || cp === 0x7f || ch === '=') {
      errs.push("a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errs;
}

function hasChDirPrefix(value: string): string[] {
  if (value === '.') return ["must not be '.'"];
  if (value === '..') return ["must not be '..'"];
  if (value.startsWith('..')) return ["must not start with '..'"];
  return [];
}

const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';

/** IsConfigMapKey: keys of ConfigMap and Secret data. */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (longerThan(value, 253)) errs.push(maxLenError(253));
  if (!/^[-._a-zA-Z0-9]+$/.test(value)) {
    errs.push(
      regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", CONFIG_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'),
    );
  }
  return errs.concat(hasChDirPrefix(value));
}

const HTTP_HEADER_FMT = '[-A-Za-z0-9]+';

export function isHTTPHeaderName(value: string): string[] {
  return /^[-A-Za-z0-9]+$/.test(value)
    ? []
    : [regexError("a valid HTTP header must consist of alphanumeric characters or '-'", HTTP_HEADER_FMT, 'X-Header-Name')];
}
