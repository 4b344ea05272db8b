import { basename } from 'node:path';
import { type Command, CommanderError } from 'commander';
import { checkErr } from '../kubectl/cmd/util/check-err.js';
import { clusterFileError } from '../storage/cluster-file-errors.js';
import { type CommandIO, processIO } from '../kubectl/cmd/util/io.js';
import type { Invocation } from '../kubectl/cmd/util/program.js';
import { rootCommand } from '../kubectl/cmd/util/root-command.js';
import { registerCommands } from './commands.js';

export function buildProgram(inv: Invocation): Command {
  const program = rootCommand(inv);
  registerCommands(program, inv);
  return program;
}

/** Runs one kubemu command line; returns the exit code. */
export async function main(argv: string[], io?: CommandIO): Promise<number> {
  const programName = basename(argv[1] ?? 'kubemu').replace(/\.(js|ts)$/, '') || 'kubemu';
  const theIO = io ?? processIO(programName === 'main' ? 'kubemu' : programName);
  const args = argv.slice(2);
  const inv: Invocation = { io: theIO, args };
  try {
    const program = buildProgram(inv);
    await program.parseAsync(args, { from: 'user' });
    inv.ctx?.close();
    return 0;
  } catch (e) {
    // Closing checkpoints the log: a file that failed may fail again there, and once is enough.
    try {
      inv.ctx?.close();
    } catch {
      // reported below
    }
    if (e instanceof CommanderError) return e.exitCode;
    // An SQLite failure on the cluster file reads as what it means (corrupt, read-only, full).
    return checkErr(clusterFileError(e, inv.ctx?.dbPath), theIO);
  }
}
