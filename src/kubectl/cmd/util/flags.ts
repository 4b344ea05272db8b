import { CliError, UsageError } from '../../util/errors.js';

/**
 * pflag boolean flags take `--flag`, `--flag=true` and `--flag=false`. Commander gives `true`
 * for the bare form and the text after `=` otherwise (options declared as `--flag [bool]`).
 */
export function parseBoolFlag(name: string, value: unknown): boolean {
  if (value === true || value === undefined) return true;
  if (value === false) return false;
  const s = String(value);
  if (['true', 't', 'T', 'TRUE', 'True', '1'].includes(s)) return true;
  if (['false', 'f', 'F', 'FALSE', 'False', '0'].includes(s)) return false;
  throw new CliError(`invalid argument "${s}" for "--${name}" flag: strconv.ParseBool: parsing "${s}": invalid syntax`);
}

/** Collects a repeatable flag (`-L a -L b`, `-f x -f y`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/**
 * What commander gives for a pflag boolean declared `--flag [bool]`: `true` for the bare form, the
 * text after `=` otherwise, undefined when absent. boolFlag reads it.
 */
export type BoolFlagValue = boolean | string | undefined;

/**
 * A pflag boolean flag's value: absent gives `dflt`; a bad value is a usage error like pflag's
 * (`invalid argument "x" for "--local" flag: ...`, then the help hint).
 */
export function boolFlag(value: BoolFlagValue, flag: string, commandPath: string, dflt = false): boolean {
  if (value === undefined) return dflt;
  try {
    return parseBoolFlag(flag, value);
  } catch (e) {
    if (e instanceof CliError) throw new UsageError(e.message, commandPath);
    throw e;
  }
}

/**
 * A pflag int64 flag (`--rev 7`) with strconv.ParseInt's errors. Decimal only: Go's base-0
 * prefixes (0x, 0o, 0b, underscores) are refused here, where pflag would take them.
 * Absent: undefined.
 */
export function int64Flag(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const s = String(value);
  const fail = (why: string) => new CliError(`invalid argument "${s}" for "--${name}" flag: strconv.ParseInt: parsing "${s}": ${why}`);
  if (!/^[+-]?\d+$/.test(s)) throw fail('invalid syntax');
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) throw fail('value out of range');
  return Number(n);
}
