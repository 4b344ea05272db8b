import type { Command } from 'commander';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { lazy } from '../../common/lazy.js';
import { goDurationError, parseGoDuration } from '../../common/go-duration.js';
import { CliError, ExitCode } from '../../kubectl/util/errors.js';
import { type Invocation, action, configure } from '../../kubectl/cmd/util/program.js';
import type { Context, GlobalFlags } from '../../kubectl/cmd/util/context.js';

const parse = lazy(() => require('./parse-transcript.js') as typeof import('./parse-transcript.js'));
const run = lazy(() => require('./run-transcript.js') as typeof import('./run-transcript.js'));
const report = lazy(() => require('./report.js') as typeof import('./report.js'));
const names = lazy(() => require('./name-mapping.js') as typeof import('./name-mapping.js'));
const colour = lazy(() => require('./colour.js') as typeof import('./colour.js'));
const update = lazy(() => require('./update.js') as typeof import('./update.js'));

/**
 * What `replay --help` says about safety, in plain words: a transcript is a shell script. The skip
 * rules only choose which commands are worth comparing (by the program each part of a line starts);
 * they do not look inside arguments, so `awk '{system(...)}'`, GNU sed's `e`, a redirection to any
 * path, `"$(...)"` in double quotes or `PATH=... kubectl` all run. Nothing is confined.
 */
export const REPLAY_SAFETY_HELP = `
A transcript is a shell script. Each command runs through sh -c with your
user's rights, in a scratch copy of the work directory, and nothing confines
it: a redirection can write to any path, and awk's system(), GNU sed's e
command, "$(...)" inside quotes or a PATH=... prefix run whatever they name.
The SKIP rules only leave out commands whose output cannot be reproduced
(docker, curl to a remote host, programs kubemu does not replay); they are
not a sandbox. Replay only a transcript you would run in your own shell.
`;

/**
 * `kubemu replay FILE`: runs a transcript's commands on a fresh virtual-clock cluster and reports,
 * command by command, whether the output is still what the transcript shows.
 */
export function registerReplay(program: Command, inv: Invocation): void {
  configure(program.command('replay'), inv)
    .description('Run a terminal transcript (.md fenced blocks or plain text) as a shell script and compare the outputs')
    .argument('<file>', 'the transcript')
    .option('--seed <n>', 'seed of the fresh virtual-clock cluster', '1')
    .option('--workdir <dir>', "directory with the manifests the commands use (copied; default: the transcript's folder)")
    .option('--pause <duration>', 'a fixed cluster time between commands that do not wait themselves (default: read from the ages the transcript shows, else 5s)')
    .option('--explain-time', 'print on stderr, per command, the cluster time inferred before it and why (and names paired by looking ahead)')
    .option('--update', 'write the actual outputs into the file in place of the expected ones')
    .option('--no-color', 'never colour the report (it is coloured only on a terminal, and not with NO_COLOR set)')
    .addHelpText('after', REPLAY_SAFETY_HELP)
    .action(action<ReplayFlags>(inv, (ctx, args, flags) => runReplay(ctx, completeReplay(flags, args, ctx.io.cwd))));
}

/** The flags of `replay` as commander parses them, with the global --db. */
export interface ReplayFlags extends Pick<GlobalFlags, 'db'> {
  seed: string;
  workdir?: string;
  pause?: string;
  explainTime?: boolean;
  update?: boolean;
  /** false with --no-color */
  color: boolean;
}

export interface ReplayOptions {
  /** the transcript as typed, and resolved */
  fileArg: string;
  file: string;
  seed: number;
  workdir: string;
  /** --pause as typed (checked), or the default 5s */
  pause: string;
  /** --pause given: a fixed pause, no inference */
  fixedPause: boolean;
  explainTime: boolean;
  db?: string;
  update: boolean;
  color: boolean;
}

/** The pause between commands when neither --pause nor the transcript's ages say otherwise. */
export const DEFAULT_PAUSE = '5s';

/**
 * A transcript's own fixed pause: a line `replay: pause D` of its own (`<!-- replay: pause 5s -->`
 * in Markdown), not on a `$ ` line; undefined: none. It turns the inference off like --pause.
 */
export function transcriptPause(text: string): string | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('$ ')) continue;
    const m = /^\s*(?:<!--\s*)?replay:\s*pause\s+(\S+?)\s*(?:-->)?\s*$/.exec(line);
    if (m !== null && parseGoDuration(m[1]!) !== undefined) return m[1];
  }
  return undefined;
}

/** Complete and Validate: --pause, then --seed; the paths resolve against the working directory. */
export function completeReplay(flags: ReplayFlags, args: string[], cwd: string): ReplayOptions {
  const fileArg = args[0]!;
  const file = resolve(cwd, fileArg);
  const pause = flags.pause ?? DEFAULT_PAUSE;
  if (parseGoDuration(pause) === undefined) throw new CliError(goDurationError(pause));
  const seed = Number(flags.seed);
  if (!Number.isInteger(seed)) throw new CliError(`invalid argument "${flags.seed}" for "--seed" flag`);
  return {
    fileArg,
    file,
    seed,
    workdir: flags.workdir !== undefined ? resolve(cwd, flags.workdir) : dirname(file),
    pause,
    fixedPause: flags.pause !== undefined,
    explainTime: flags.explainTime === true,
    ...(flags.db !== undefined ? { db: resolve(cwd, flags.db) } : {}),
    update: flags.update === true,
    color: flags.color !== false,
  };
}

/** Run: the transcript on a fresh cluster, then the updated file or the report. */
function runReplay(ctx: Context, o: ReplayOptions): void {
  let text: string;
  try {
    text = readFileSync(o.file, 'utf8');
  } catch {
    throw new CliError(`the path "${o.fileArg}" does not exist`);
  }
  const transcript = parse().parseTranscript(text, parse().kindOf(o.file));
  const mapping = new (names().NameMapping)();
  const own = o.fixedPause ? undefined : transcriptPause(text);
  const pause = own ?? o.pause;
  const inferTime = !o.fixedPause && own === undefined;
  if (o.explainTime && !inferTime) ctx.io.err(`time: a fixed pause of ${pause} between commands (${o.fixedPause ? '--pause' : 'the transcript says replay: pause'})\n`);
  const results = run().runTranscript(
    transcript.steps,
    {
      seed: o.seed,
      workdir: o.workdir,
      pause,
      inferTime,
      ...(o.explainTime ? { explainTime: (line: string) => ctx.io.err(`time: ${line}\n`), explainNames: (line: string) => ctx.io.err(`names: ${line}\n`) } : {}),
      ...(o.db !== undefined ? { db: o.db } : {}),
    },
    mapping,
  );
  if (o.update) {
    writeFileSync(o.file, update().updatedText(transcript, results));
    const ran = results.filter((r) => r.kind === 'ran').length;
    ctx.io.out(`${o.fileArg}: ${ran} outputs updated, ${results.length - ran} skipped\n`);
    return;
  }
  const verdicts = report().judge(results, mapping);
  const paint = colour().replayPaint({ stdoutIsTTY: ctx.io.stdoutIsTTY?.() ?? false, env: ctx.io.env, colorFlag: o.color });
  ctx.io.out(report().formatReport(o.fileArg, verdicts, paint));
  if (verdicts.some((v) => v.status === 'FAIL')) throw new ExitCode(1);
}
