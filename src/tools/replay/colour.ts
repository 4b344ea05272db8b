/**
 * Colour for replay's own report (PASS/FAIL/SKIP, the diff under a FAIL, the summary), on a terminal
 * only: never when stdout is not a TTY (so piped or captured output stays byte for byte the same),
 * nor with NO_COLOR set to anything but '' (https://no-color.org), nor with `--no-color`. kubectl's
 * own output is never coloured by kubemu; this is for kubemu's own commands.
 */

/** How the report paints each part; `PLAIN` leaves the text as it is. */
export interface Paint {
  pass(text: string): string;
  fail(text: string): string;
  skip(text: string): string;
  /** a `-` line of a diff */
  removed(text: string): string;
  /** a `+` line of a diff */
  added(text: string): string;
  /** an `@@` hunk header */
  hunk(text: string): string;
}

const same = (text: string): string => text;
export const PLAIN: Paint = { pass: same, fail: same, skip: same, removed: same, added: same, hunk: same };

export interface ColourChoice {
  stdoutIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** false after `--no-color` */
  colorFlag: boolean;
}

export function wantsColour(c: ColourChoice): boolean {
  const noColor = c.env['NO_COLOR'];
  return c.stdoutIsTTY && c.colorFlag && (noColor === undefined || noColor === '');
}

/**
 * The paint for this run. chalk 5 is an ES module: Node 20.19+ loads it with require() (our build is
 * CommonJS, and the module packer's loader has no dynamic import()); on an older Node, or without
 * chalk, the report is plain rather than failing.
 */
export function replayPaint(c: ColourChoice): Paint {
  if (!wantsColour(c)) return PLAIN;
  let chalk: import('chalk').ChalkInstance;
  try {
    const { Chalk } = require('chalk') as typeof import('chalk');
    // The 16 basic colours: every terminal has them, and the TTY check above already decided.
    chalk = new Chalk({ level: 1 });
  } catch {
    return PLAIN;
  }
  return {
    pass: (t) => chalk.green(t),
    fail: (t) => chalk.red.bold(t),
    skip: (t) => chalk.yellow(t),
    removed: (t) => chalk.red(t),
    added: (t) => chalk.green(t),
    hunk: (t) => chalk.cyan(t),
  };
}
