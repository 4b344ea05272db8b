import type { ControllerContext } from '../../framework/controller.js';
import type { ContainerMemory, PodMemory } from '../memory.js';
import { filesOf } from './container-files.js';
import { runCommand, type ExecRun } from './run.js';

/**
 * `kubectl exec` as the kubelet serves it: the command runs in the container's current run, on
 * its files (exec/fs.ts), and what it changed is kept in the kubelet's memory of that run
 * (memory.ts ContainerInstance.files, in the cluster file), so the next exec and the probes see
 * it. A container that is not running (being created, pulling, crash-looping, exited) has no
 * process to join: the kubelet answers `container not found`, as the runtime does.
 *
 * The caller (cluster/pod-exec.ts) syncs the pod before (its memory brought up to now, every
 * probe tick before the exec run with the files as they were) and after a change (its probe
 * ticks planned again with the new files: the kubelet is woken at the next tick that may see it).
 */

/** What the exec did; `changed`: it changed the container's files. */
export type KubeletExec = (ExecRun & { changed: boolean }) | { kind: 'container-not-found' };

/** The phases in which a container's process runs (a stopping one runs until it exits). */
const RUNNING: ReadonlySet<ContainerMemory['phase']> = new Set(['Running', 'Stopping']);

/** Runs argv in the pod's container; `uid` is the pod's (a memory of an older pod of that name is not it). */
export function execInContainer(ctx: ControllerContext, podKey: string, uid: string, container: string, argv: readonly string[], cwd = '/'): KubeletExec {
  const stateKey = `pod:${podKey}`;
  const mem = ctx.state.peek<PodMemory>(stateKey);
  const index = mem && mem.uid === uid ? mem.containers.findIndex((c) => c.name === container) : -1;
  const c = mem?.containers[index];
  const inst = c?.instance;
  if (!mem || !c || !inst || !RUNNING.has(c.phase)) return { kind: 'container-not-found' };
  const fs = filesOf(inst, ctx.clock.now());
  const run = runCommand(argv, fs, cwd);
  if (fs.changed) {
    // Copies, never the peeked memory changed in place (memory.ts).
    const containers = mem.containers.slice();
    containers[index] = { ...c, instance: { ...inst, files: fs.state() } };
    ctx.state.keep(stateKey, { ...mem, containers });
  }
  return { ...run, changed: fs.changed };
}
