import { CliError } from '../client/errors.js';

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
