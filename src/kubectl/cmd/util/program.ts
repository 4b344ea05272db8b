import { Command, CommanderError } from 'commander';
import { Context, type GlobalFlags } from './context.js';
import { CliError, UsageError } from '../../util/errors.js';
import type { CommandIO } from './io.js';

/**
 * What a command's action receives: the context, the positional arguments, and its flags as
 * commander parsed them, typed by the verb's own `<Verb>Flags` interface (the names commander
 * derives from the long flags: `--show-labels` → `showLabels`; `--no-headers` → `headers: false`).
 * A verb turns them into its typed options (Complete), checks them (Validate), then runs (Run).
 */
export type ActionFn<F extends object = Record<string, unknown>> = (ctx: Context, args: string[], flags: F) => void | Promise<void>;

/** Holds the state of one invocation: the IO and the context the action opened. */
export interface Invocation {
  io: CommandIO;
  /** the arguments after the program name, for error wording that depends on what was typed */
  args: string[];
  ctx?: Context;
}

/** The space-separated command path below the root: `rollout status`. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Translates commander's parse errors into pflag's wording. */
function usageErrorFrom(err: CommanderError, cmd: Command, inv: Invocation): Error {
  const programName = inv.io.programName;
  const path = commandPath(cmd);
  const opt = /unknown option '([^']+)'/.exec(err.message)?.[1];
  if (err.code === 'commander.unknownOption' && opt) {
    const flag = opt.split('=')[0]!;
    const msg = flag.startsWith('--')
      ? `unknown flag: ${flag}`
      : `unknown shorthand flag: '${flag.slice(1, 2)}' in ${opt}`;
    return new UsageError(msg, path);
  }
  if (err.code === 'commander.optionMissingArgument') {
    const m = /option '(?:-(\w), )?--([\w-]+)/.exec(err.message);
    const short = m?.[1];
    const long = m?.[2] ?? '';
    const typedShort = short !== undefined && inv.args.includes(`-${short}`) && !inv.args.includes(`--${long}`);
    return new UsageError(typedShort ? `flag needs an argument: '${short}' in -${short}` : `flag needs an argument: --${long}`, path);
  }
  if (err.code === 'commander.unknownCommand') {
    const name = /unknown command '([^']+)'/.exec(err.message)?.[1] ?? '';
    const parent = path ? `${programName} ${path}` : programName;
    return new CliError(`unknown command "${name}" for "${parent}"`);
  }
  if (err.code === 'commander.missingArgument' || err.code === 'commander.excessArguments') {
    return new UsageError(err.message.replace(/^error: /, ''), path);
  }
  if (err.code === 'commander.invalidArgument') {
    return new UsageError(err.message.replace(/^error: /, ''), path);
  }
  return new UsageError(err.message.replace(/^error: /, ''), path);
}

/**
 * pflag's flag forms that commander reads differently, rewritten with the command's own option
 * table before commander parses:
 * - flags with an optional value (booleans, `--dry-run`, `--cascade`) never take the next
 *   argument (`--local pods` is --local and the argument `pods`): their bare forms, long or
 *   short, become `--x=<preset>` (`true` unless the option has a preset, like --cascade's
 *   `background`);
 * - a shorthand with `=` (`-o=yaml`, `-n=kube-system`, `-w=false`): `-o yaml` for a flag that
 *   takes a value, `--watch=false` for an optional one, and for a plain boolean the flag itself
 *   (`=true`) or nothing (`=false`).
 * Arguments after `--` are left alone.
 */
export function rewritePflagForms(cmd: Command, argv: readonly string[]): string[] {
  const bare = new Map<string, string>();
  const byShort = new Map<string, Command['options'][number]>();
  for (const o of cmd.options) {
    if (o.short) byShort.set(o.short, o);
    if (!o.optional || !o.long) continue;
    const preset = o.presetArg === undefined ? 'true' : String(o.presetArg);
    bare.set(o.long, `${o.long}=${preset}`);
    if (o.short) bare.set(o.short, `${o.long}=${preset}`);
  }
  const out: string[] = [];
  let passthrough = false;
  for (const a of argv) {
    if (passthrough || a === '--') {
      passthrough = true;
      out.push(a);
      continue;
    }
    const m = /^(-[a-zA-Z])=(.*)$/s.exec(a);
    const o = m ? byShort.get(m[1]!) : undefined;
    if (!m || !o) {
      out.push(bare.get(a) ?? a);
    } else if (o.required) {
      out.push(m[1]!, m[2]!);
    } else if (o.optional && o.long) {
      out.push(`${o.long}=${m[2]!}`);
    } else if (m[2] !== 'false') {
      out.push(m[1]!);
    }
  }
  return out;
}

/**
 * Makes a subcommand behave like a cobra command: errors are thrown (not printed by commander),
 * help goes to stdout, pflag-style optional values, and the action runs with a Context.
 */
export function configure(cmd: Command, inv: Invocation): Command {
  const parseOptions = cmd.parseOptions.bind(cmd);
  cmd.parseOptions = (argv: string[]) => parseOptions(rewritePflagForms(cmd, argv));
  cmd.exitOverride((err) => {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') {
      throw err;
    }
    throw usageErrorFrom(err, cmd, inv);
  });
  cmd.configureOutput({
    writeOut: (s) => inv.io.out(s),
    writeErr: () => undefined,
    outputError: () => undefined,
  });
  cmd.allowExcessArguments(true);
  return cmd;
}

/**
 * Wraps an action: builds the Context from the global flags and keeps it for closing. The flags
 * are typed here, the one place commander's untyped option record meets a verb's Flags interface
 * (whose fields are exactly the options the verb declares).
 */
export function action<F extends object = Record<string, unknown>>(inv: Invocation, fn: ActionFn<F>) {
  return async function (this: Command, ...received: unknown[]): Promise<void> {
    const cmd = received[received.length - 1] as Command;
    const opts = cmd.optsWithGlobals<F & GlobalFlags>();
    const args = (cmd.args ?? []).map(String);
    const globals: GlobalFlags = {};
    if (typeof opts.db === 'string') globals.db = opts.db;
    if (typeof opts.namespace === 'string') globals.namespace = opts.namespace;
    const ctx = new Context(inv.io, globals);
    inv.ctx = ctx;
    await fn(ctx, args, opts);
  };
}
