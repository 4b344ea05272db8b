/**
 * KUBECTL_EXTERNAL_DIFF (diff.go getCommand): the value is split on single spaces; the first
 * word is the program, and each further word is passed on only if it is made of letters,
 * digits, `-` and `=`. So `colordiff -N -u` runs `colordiff -N -u LIVE MERGED`, while
 * `meld --label "a b"` runs `meld --label LIVE MERGED` (the quoted words are dropped, there is
 * no shell quoting). The two directories come last.
 */

export interface ExternalDiff {
  program: string;
  args: string[];
}

const SAFE_WORD = /^[a-zA-Z0-9-=]+$/;

/** The external diff command from the environment, or undefined when unset or empty. */
export function externalDiffCommand(env: NodeJS.ProcessEnv): ExternalDiff | undefined {
  const value = env['KUBECTL_EXTERNAL_DIFF'];
  if (value === undefined || value === '') return undefined;
  const [program = '', ...rest] = value.split(' ');
  return { program, args: rest.filter((w) => SAFE_WORD.test(w)) };
}
