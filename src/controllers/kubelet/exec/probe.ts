import type { Probe } from '../../../api/core/v1/container.js';
import type { ContainerFs } from './fs.js';
import { onlyReads, runCommand } from './run.js';

/**
 * Exec probes answered from the container's files: a probe whose command only reads them
 * (`cat /tmp/ready`, `test -f /tmp/ready`, `ls /tmp/ready`, `sh -c "..."` of such commands:
 * run.ts onlyReads) succeeds iff the command exits 0 on the files as they are at the tick, and a
 * failure's message is what it printed (the kubelet's exec prober keeps the combined output):
 *
 *   readinessProbe.exec.command [cat, /tmp/ready], no /tmp/ready:
 *     Readiness probe failed: cat: can't open '/tmp/ready': No such file or directory
 *
 * Any other exec probe (`pg_isready`, a script kubemu does not parse) follows the image's
 * behaviour as before (probes.ts runProbe). The files change only by an exec (which wakes the
 * kubelet for the pod) or with a new run, never with time: such a probe's answer is the same at
 * every tick until then.
 */

/** The probe's command when the probe is answered from the files, else undefined. */
export function filesProbeCommand(p: Probe): readonly string[] | undefined {
  const command = p.exec?.command;
  return command && command.length > 0 && onlyReads(command) ? command : undefined;
}

/** Runs the command on (a copy of) the files: success iff it exits 0; on failure its output. */
export function runFilesProbe(command: readonly string[], fs: ContainerFs): { result: 'success' | 'failure'; message: string } {
  const r = runCommand(command, fs);
  if (r.kind === 'exited' && r.exitCode === 0) return { result: 'success', message: '' };
  return { result: 'failure', message: r.kind === 'exited' ? r.stdout + r.stderr : '' };
}
