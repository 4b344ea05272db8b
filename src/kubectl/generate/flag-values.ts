/**
 * pflag value types the create generators and `run` declare, parsed the way pflag does so
 * the values and the error texts match kubectl.
 */
import { UsageError } from '../util/errors.js';

/**
 * pflag's StringSlice: every occurrence is read as one CSV record, so `--image=a,b --image=c`
 * is [a, b, c], `"x,y"` (quoted) stays one item, and an empty value adds nothing.
 */
export function stringSlice(values: string[] | undefined): string[] {
  const out: string[] = [];
  for (const v of values ?? []) {
    if (v === '') continue;
    out.push(...csvRecord(v));
  }
  return out;
}

/** One line of encoding/csv: comma-separated fields, `"..."` quoting with `""` for a quote. */
function csvRecord(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) {
          field += line.slice(i);
          i = line.length;
          break;
        }
        field += line.slice(i, q);
        i = q + 1;
        if (line[i] === '"') {
          field += '"';
          i++;
          continue;
        }
        break;
      }
      const comma = line.indexOf(',', i);
      field += comma < 0 ? line.slice(i) : line.slice(i, comma);
      i = comma < 0 ? line.length : comma;
    } else {
      const comma = line.indexOf(',', i);
      field = comma < 0 ? line.slice(i) : line.slice(i, comma);
      i = comma < 0 ? line.length : comma;
    }
    fields.push(field);
    if (i >= line.length) return fields;
    i++; // the comma
  }
}

/**
 * pflag's Int32: strconv.ParseInt(s, 0, 32), so `0x10`, `0o17`, `0b11` and a leading-zero
 * octal `017` are accepted; anything else is a usage error worded like pflag:
 *   invalid argument "abc" for "--port" flag: strconv.ParseInt: parsing "abc": invalid syntax
 * `flag` is how pflag names the flag: `--port`, or `-r, --replicas` when it has a shorthand.
 */
export function int32Flag(text: string, flag: string, commandPath: string): number {
  const fail = (why: string) =>
    new UsageError(`invalid argument ${JSON.stringify(text)} for ${JSON.stringify(flag)} flag: strconv.ParseInt: parsing ${JSON.stringify(text)}: ${why}`, commandPath);
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(text);
  if (!m) throw fail('invalid syntax');
  const body = m[2]!;
  let n: number;
  if (/^0[xXoObB]/.test(body)) n = Number(body.toLowerCase());
  else if (body.length > 1 && body.startsWith('0')) n = parseInt(body, 8);
  else n = Number(body);
  if (m[1] === '-') n = -n;
  if (n > 2147483647 || n < -2147483648) throw fail('value out of range');
  return n;
}
