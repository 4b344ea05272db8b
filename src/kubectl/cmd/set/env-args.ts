/**
 * `set env` arguments (kubectl cmd/set/env/env_parse.go): resources come first, then
 * NAME=VALUE and NAME- arguments; `-e/--env` values are parsed the same way, `-e -` reads
 * NAME=VALUE lines from stdin.
 */
import { CliError } from '../../util/errors.js';
import { isEnvVarName } from '../../generate/env-var-name.js';

/** One variable to set: a plain value, or a reference (`valueFrom`, from --from). */
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { configMapKeyRef?: { name: string; key: string }; secretKeyRef?: { name: string; key: string } };
}

export interface ParsedEnv {
  env: EnvVar[];
  remove: string[];
  /** `-e -` was used */
  usedStdin: boolean;
}

/** IsEnvironmentArgument: `(?ms)^(.+)=(.*)$`, i.e. an `=` after at least one character. */
export function isEnvironmentArgument(s: string): boolean {
  return s.indexOf('=', 1) > 0;
}

/**
 * SplitEnvironmentFromResources: resources until the first environment argument (or `X-`),
 * then only environment arguments. Returns undefined when a resource follows one.
 *   `deploy/a X=1 Y-` → {resources: [deploy/a], envArgs: [X=1, Y-]};  `X=1 deploy/a` → undefined
 */
export function splitEnvironmentFromResources(args: string[]): { resources: string[]; envArgs: string[] } | undefined {
  const resources: string[] = [];
  const envArgs: string[] = [];
  for (const s of args) {
    const isEnv = isEnvironmentArgument(s) || s.endsWith('-');
    if (isEnv) envArgs.push(s);
    else if (envArgs.length > 0) return undefined;
    else resources.push(s);
  }
  return { resources, envArgs };
}

/**
 * ParseEnv: `N=V` (N must be a valid name; V is everything after the first `=`), `N-`, or `-`
 * (stdin). The first bad spec stops parsing; setting and removing one name is an error.
 */
export function parseEnv(specs: string[], stdin: () => string): ParsedEnv {
  const env: EnvVar[] = [];
  const remove: string[] = [];
  const names = new Set<string>();
  let usedStdin = false;
  for (const spec of specs) {
    if (spec === '-') {
      env.push(...readEnvLines(stdin()));
      usedStdin = true;
    } else if (spec.includes('=')) {
      const eq = spec.indexOf('=');
      const name = spec.slice(0, eq);
      const errs = isEnvVarName(name);
      if (errs.length) throw new CliError(`${JSON.stringify(name)} is not a valid key name: ${errs.join(';')}`);
      names.add(name);
      env.push({ name, value: spec.slice(eq + 1) });
    } else if (spec.endsWith('-')) {
      remove.push(spec.slice(0, -1));
    } else {
      throw new CliError(`unknown environment variable: ${spec}`);
    }
  }
  if (remove.some((r) => names.has(r))) {
    throw new CliError('can not both modify and remove the same environment variable in the same command');
  }
  return { env, remove, usedStdin };
}

/**
 * readEnv: one NAME=VALUE per line, `#` starts a comment anywhere on the line, lines without
 * `=` are skipped, names are not checked. `B=two # c` → B=`two ` (the space stays).
 */
export function readEnvLines(text: string): EnvVar[] {
  const out: EnvVar[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let line of lines) {
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const hash = line.indexOf('#');
    if (hash !== -1) line = line.slice(0, hash);
    const eq = line.indexOf('=');
    if (eq !== -1) out.push({ name: line.slice(0, eq), value: line.slice(eq + 1) });
  }
  return out;
}
