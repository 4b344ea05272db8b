/**
 * `--from-env-file` (kubectl/pkg/cmd/util/env_file.go): a Docker-style .env file read line by
 * line with Go's bufio.Scanner, so `\n` ends a line and a `\r` before it is dropped. Per line:
 * a UTF-8 BOM is dropped from the first line only, leading white space is trimmed, blank lines
 * and `#` comments are skipped, the key is everything before the first `=` (checked with
 * IsEnvVarName), and a line without `=` takes its value from the environment:
 *
 *   "\uFEFF  X=1\r\n  # c\nY\n"  with Y=fromenv  →  [X, "1"], [Y, "fromenv"]
 *
 * The value is kept exactly (no trimming, no quote removal): `B=two words` → "two words".
 */
import { isEnvVarName } from './env-var-name.js';

/** unicode.IsSpace: the ASCII spaces, NEL, NBSP and the Unicode White_Space separators. */
const LEADING_GO_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/** One `key=value` pair of an env file, in file order. */
export interface EnvPair {
  key: string;
  value: string;
}

/** Splits the file's bytes into lines as bufio.ScanLines does. */
function scanLines(data: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  while (start < data.length) {
    const nl = data.indexOf(0x0a, start);
    const end = nl < 0 ? data.length : nl;
    let line = data.subarray(start, end);
    if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
    lines.push(line);
    start = end + 1;
  }
  return lines;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Hands each pair of an env file to `add`, in file order; throws kubectl's error at the first
 * bad line (pairs before it have been added, as with kubectl's callback).
 */
export function parseEnvFile(data: Buffer, filePath: string, env: NodeJS.ProcessEnv, add: (p: EnvPair) => void): void {
  scanLines(data).forEach((bytes, i) => {
    let line: string;
    try {
      line = UTF8.decode(bytes);
    } catch {
      // Go prints the line's bytes with %v: `[255 254]`.
      throw new Error(`env file ${filePath} contains invalid utf8 bytes at line ${i + 1}: [${[...bytes].join(' ')}]`);
    }
    if (i === 0 && line.startsWith('\uFEFF')) line = line.slice(1);
    line = line.replace(LEADING_GO_SPACE, '');
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    const key = eq < 0 ? line : line.slice(0, eq);
    const errs = isEnvVarName(key);
    if (errs.length) throw new Error(`${JSON.stringify(key)} is not a valid key name: ${errs.join(';')}`);
    add({ key, value: eq < 0 ? (env[key] ?? '') : line.slice(eq + 1) });
  });
}
