import type { Container, Probe } from '../../api/core/v1/container.js';
import { appHealth, nextHealthChangeMs } from '../../images/app-health.js';
import { probeSpec } from './lifecycle.js';
import { filesOf, nextFilesChangeMs } from './exec/container-files.js';
import { filesProbeCommand } from './exec/probe.js';
import type { ContainerMemory } from './memory.js';
import { periodMs, PROBE_KINDS, runProbe, tickAtOrAfter, ticksBefore, type ProbeKind, type ProbeMemory } from './probes.js';

/**
 * Probe ticks that change nothing are not steps. A readiness or liveness probe of a started
 * container whose worker already reports success, and whose last result was a success, gets
 * nothing from one more success: no event, no change of `ready`, no kill; only its run count
 * goes up. The app answers the same until its health changes (app-health.ts's timeline), so
 * every tick before that change is such a quiet tick, known in advance. The kubelet folds them
 * at once (nextMs and run moved on by the number of ticks, exactly as ticking one by one would
 * leave them) and is woken only at the first tick where the answer may differ. That tick is on
 * the same period grid, so the ticks that are steps fall where they always fell.
 *
 * The hello container started at S (readiness every 5 s from S+4, liveness every 10 s from S):
 * readiness reports success at S+4 and liveness at S+10; from then on no tick changes anything
 * and, with a healthy app, the pod is not woken for its probes again. With unhealthyAfterSeconds
 * 60 it is woken at S+60 (liveness fails) and S+64 (readiness fails), the ticks in between folded.
 *
 * An exec probe answered from the container's files (exec/probe.ts) gets the same answer until
 * an exec changes them: no health change wakes it; the exec does (cluster/pod-exec.ts).
 *
 * Failing ticks are not quiet: each records an Unhealthy event (count and lastTimestamp move),
 * unless the spam filter drops it (dropped-probe-ticks.ts folds those). Nor are the startup
 * probe's ticks, or the ticks that pass without a probe before it succeeds.
 */

/** The probe's worker is in the state in which a success changes nothing but its run count. */
function settled(c: ContainerMemory, kind: ProbeKind, mem: ProbeMemory): boolean {
  return c.phase === 'Running' && c.instance !== undefined && c.started && kind !== 'startup' && mem.lastRaw === 'success' && mem.reported === 'success';
}

/** What the app answers the probe at tickMs (ports and address only word a failure's message). */
function succeedsAt(c: ContainerMemory, kind: ProbeKind, p: Probe, tickMs: number): boolean {
  const inst = c.instance;
  if (!inst) return false;
  return runProbe(kind, p, appHealth(inst.behavior, tickMs - inst.startedMs), '', {}, () => filesOf(inst, tickMs)).result === 'success';
}

/**
 * The first tick of the probe that may change something: its next tick unless that one is
 * quiet, else the first tick at or after the app's next health change; undefined when every
 * tick from now on is quiet.
 */
export function eventfulTickMs(c: ContainerMemory, kind: ProbeKind, p: Probe): number | undefined {
  const mem = c.probes[kind];
  const inst = c.instance;
  if (!mem) return undefined;
  if (!inst || !settled(c, kind, mem) || !succeedsAt(c, kind, p, mem.nextMs)) return mem.nextMs;
  // Answered from the files: the same answer until an exec changes them (and wakes the kubelet),
  // or the app writes its files.
  if (filesProbeCommand(p)) {
    const change = nextFilesChangeMs(inst, mem.nextMs);
    return change === undefined ? undefined : tickAtOrAfter(mem.nextMs, change, p);
  }
  const change = nextHealthChangeMs(inst.behavior, mem.nextMs - inst.startedMs);
  return change === undefined ? undefined : tickAtOrAfter(mem.nextMs, inst.startedMs + change, p);
}

/** The earliest tick of the container's probes that may change something (see eventfulTickMs). */
export function nextEventfulProbeMs(c: ContainerMemory, spec: Container): number | undefined {
  let due: number | undefined;
  for (const kind of PROBE_KINDS) {
    const p = probeSpec(spec, kind);
    const t = p && c.probes[kind] ? eventfulTickMs(c, kind, p) : undefined;
    if (t !== undefined && (due === undefined || t < due)) due = t;
  }
  return due;
}

/** Folds every quiet tick at or before untilMs into the probes' memory; the container itself when there is none. */
export function skipQuietTicks(c: ContainerMemory, spec: Container, untilMs: number): ContainerMemory {
  let probes = c.probes;
  for (const kind of PROBE_KINDS) {
    const mem = c.probes[kind];
    const p = probeSpec(spec, kind);
    if (!mem || !p || mem.nextMs > untilMs) continue;
    const end = Math.min(eventfulTickMs(c, kind, p) ?? Infinity, untilMs + 1);
    const n = ticksBefore(mem.nextMs, end, p);
    if (n > 0) probes = { ...probes, [kind]: { ...mem, nextMs: tickAtOrAfter(mem.nextMs, end, p), run: mem.run + n } };
  }
  return probes === c.probes ? c : { ...c, probes };
}

/**
 * The latest quiet tick of the container's probes in (afterMs, untilMs]: an instant at which the
 * kubelet, ticking one by one, would have run a step that changed nothing.
 */
export function lastQuietTickMs(c: ContainerMemory, spec: Container, afterMs: number, untilMs: number): number | undefined {
  let last: number | undefined;
  for (const kind of PROBE_KINDS) {
    const mem = c.probes[kind];
    const p = probeSpec(spec, kind);
    if (!mem || !p) continue;
    const end = Math.min(eventfulTickMs(c, kind, p) ?? Infinity, untilMs + 1);
    const n = ticksBefore(mem.nextMs, end, p);
    if (n === 0) continue;
    const t = mem.nextMs + (n - 1) * periodMs(p);
    if (t > afterMs && (last === undefined || t > last)) last = t;
  }
  return last;
}
