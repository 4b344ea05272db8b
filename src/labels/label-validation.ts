/**
 * apimachinery's checks for label keys (IsQualifiedName) and label values
 * (IsValidLabelValue), with its exact wording, and the field.Error text that wraps them:
 *   `values[0][app]: Invalid value: "-b": a valid label must be an empty string or ...`.
 * Lengths are counted in UTF-8 bytes, as Go's len() does.
 */
import { goQuote } from '../common/go-strings.js';

const QNAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QNAME_ERR =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const QNAME_MAX = 63;
const LABEL_VALUE_FMT = `(${QNAME_FMT})?`;
const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MAX = 63;
const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MAX = 253;

function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

function matches(fmt: string, s: string): boolean {
  return new RegExp(`^${fmt}$`).test(s);
}

/** validation.RegexError: `msg (e.g. 'A',  or 'B', regex used for validation is 'R')`. */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

function maxLenError(n: number): string {
  return `must be no more than ${n} characters`;
}

function dns1123SubdomainErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_SUBDOMAIN_MAX) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX));
  if (!matches(DNS1123_SUBDOMAIN_FMT, value)) {
    errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  }
  return errs;
}

/** validation.IsQualifiedName: `[prefix/]name`, e.g. `app.kubernetes.io/name`. */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] as string;
  } else if (parts.length === 2) {
    const prefix = parts[0] as string;
    name = parts[1] as string;
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...dns1123SubdomainErrors(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [
      `a qualified name ${regexError(QNAME_ERR, QNAME_FMT, 'MyName', 'my.name', '123-abc')}` +
        " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (byteLength(name) > QNAME_MAX) errs.push(`name part ${maxLenError(QNAME_MAX)}`);
  if (!matches(QNAME_FMT, name)) errs.push(`name part ${regexError(QNAME_ERR, QNAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** validation.IsValidLabelValue: empty, or up to 63 alphanumerics with `-_.` inside. */
export function labelValueErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > LABEL_VALUE_MAX) errs.push(maxLenError(LABEL_VALUE_MAX));
  if (!matches(LABEL_VALUE_FMT, value)) errs.push(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** A bad value as field.Error shows it: strings quoted, string lists in Go `%#v` form. */
export function formatBadValue(v: string | readonly string[] | null): string {
  if (typeof v === 'string') return goQuote(v);
  if (v === null) return '[]string(nil)';
  return `[]string{${v.map(goQuote).join(', ')}}`;
}

/** field.Invalid(path, value, detail).Error(); a nil path prints as `<nil>`. */
export function fieldInvalid(path: string | null, value: string | readonly string[] | null, detail: string): string {
  return `${path ?? '<nil>'}: Invalid value: ${formatBadValue(value)}${detail ? `: ${detail}` : ''}`;
}

/** utilerrors.NewAggregate(...).Error(): one message as is, several as `[a, b]`, duplicates dropped. */
export function aggregateMessage(messages: string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? (unique[0] as string) : `[${unique.join(', ')}]`;
}
