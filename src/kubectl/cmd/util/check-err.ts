import { StatusError } from '../../../apiserver/errors.js';
import { AggregateCliError, CliError, ExitCode, RawError, UsageError } from '../../util/errors.js';
import type { CommandIO } from './io.js';

/**
 * kubectl's checkErr (pkg/cmd/util/helpers.go): turns an error into the text kubectl prints on
 * stderr and an exit code. Never a stack trace, unless KUBEMU_DEBUG is set.
 */
export function checkErr(e: unknown, io: CommandIO, exitCodeBase = 1): number {
  if (e instanceof ExitCode) return e.exitCode;
  if (e instanceof RawError) {
    io.err(withNewline(e.text));
    return e.exitCode;
  }
  if (e instanceof UsageError) {
    io.err(withNewline(prefixed(e.message)));
    io.err(`See '${io.programName} ${e.commandPath} --help' for usage.\n`);
    return exitCodeBase;
  }
  if (e instanceof AggregateCliError) {
    if (e.errors.length === 1) return checkErr(e.errors[0], io, exitCodeBase);
    const lines = e.errors.map((x) => (x instanceof StatusError ? standardErrorMessage(x) : plainMessage(x)));
    io.err(withNewline(lines.join('\n')));
    return exitCodeBase;
  }
  if (e instanceof StatusError) {
    io.err(withNewline(statusErrorText(e)));
    return exitCodeBase;
  }
  if (e instanceof CliError) {
    io.err(withNewline(prefixed(e.message)));
    return e.exitCode === 1 ? exitCodeBase : e.exitCode;
  }
  const err = e instanceof Error ? e : new Error(String(e));
  if (io.env['KUBEMU_DEBUG']) io.err(`${err.stack ?? err.message}\n`);
  io.err(withNewline(prefixed(plainMessage(err))));
  return exitCodeBase;
}

/**
 * What V8 says when the JS stack runs out. Go's stack grows to 1 GB, so kubectl copes with
 * input nested that deep where kubemu may not; the user should read why, not JS's wording.
 */
const STACK_OVERFLOW = 'Maximum call stack size exceeded';

/** An error's message, with the JS stack overflow put in plain words. */
function plainMessage(e: Error): string {
  if (e instanceof RangeError && e.message.includes(STACK_OVERFLOW)) {
    return 'the input nests too deeply for kubemu to process (it ran out of stack space)';
  }
  return e.message;
}

/** StandardErrorMessage: how one API error reads inside a list of several. */
export function standardErrorMessage(e: StatusError): string {
  return e.reason ? `Error from server (${e.reason}): ${e.message}` : `Error from server: ${e.message}`;
}

/** checkErr's text for a single API status error. */
export function statusErrorText(e: StatusError): string {
  if (e.reason === 'Invalid') {
    const d = e.details;
    const causes = d?.causes ?? [];
    // No kind and no name (a patch whose result does not decode): kubectl says "the request".
    if (!d || (!d.kind && !(d.name ?? '') && causes.length === 0)) return `The request is invalid: ${e.message}`;
    const head = d.kind || d.name ? `The ${d.kind ?? ''} "${d.name ?? ''}" is invalid` : 'The request is invalid';
    if (causes.length === 0) return `${head}: ${e.message}`;
    if (causes.length === 1) return `${head}: ${causeText(causes[0]!)}`;
    return `${head}: \n${causes.map((c) => `* ${causeText(c)}`).join('\n')}`;
  }
  return standardErrorMessage(e);
}

function causeText(c: { field: string; message: string }): string {
  return c.field ? `${c.field}: ${c.message}` : c.message;
}

function prefixed(msg: string): string {
  return msg.startsWith('error: ') ? msg : `error: ${msg}`;
}

function withNewline(s: string): string {
  return s.endsWith('\n') ? s : `${s}\n`;
}
