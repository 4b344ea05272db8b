import type { ContainerMemory } from './memory.js';
import { kill, probeSpec, type ContainerEnv, type KubeletEvent, type StepResult } from './lifecycle.js';
import * as msg from './messages.js';
import { appHealth } from '../../images/app-health.js';
import { filesOf } from './exec/container-files.js';
import {
  foldResult,
  nextTickMs,
  PROBE_KINDS,
  probeTitle,
  runProbe,
  type NamedPorts,
  type ProbeKind,
} from './probes.js';

/**
 * The prober workers of one running container, applied to the kubelet's memory: runs the probe
 * ticks that are due, records Unhealthy events, and turns reported results into the container's
 * `started` and `ready`, or into a kill for a failed liveness or startup probe.
 */

/** The earliest probe tick of a container, if any probe still runs. */
export function nextProbeMs(c: ContainerMemory): number | undefined {
  let due: number | undefined;
  for (const kind of PROBE_KINDS) {
    const p = c.probes[kind];
    if (p && (due === undefined || p.nextMs < due)) due = p.nextMs;
  }
  return due;
}

/** Which probe is due first (startup before readiness before liveness at the same instant). */
function dueProbe(c: ContainerMemory, now: number): ProbeKind | undefined {
  let best: ProbeKind | undefined;
  for (const kind of PROBE_KINDS) {
    const p = c.probes[kind];
    if (!p || p.nextMs > now) continue;
    if (best === undefined || p.nextMs < (c.probes[best]?.nextMs ?? Infinity)) best = kind;
  }
  return best;
}

export interface ProbeContext {
  env: ContainerEnv;
  podIP: string;
  /** the grace period a probe kill uses when the probe sets none */
  podGraceSeconds: number;
}

/** Runs the probe tick that is due; undefined when none is. */
export function runDueProbe(c: ContainerMemory, pc: ProbeContext, now: number): StepResult | undefined {
  if (c.phase !== 'Running' || !c.instance) return undefined;
  const kind = dueProbe(c, now);
  if (!kind) return undefined;
  const spec = probeSpec(pc.env.spec, kind);
  const mem = c.probes[kind];
  if (!spec || !mem) return undefined;
  const tick = mem.nextMs;
  const advanced: ContainerMemory = { ...c, probes: { ...c.probes, [kind]: { ...mem, nextMs: nextTickMs(tick, spec) } } };
  // Readiness and liveness wait for the startup probe; the tick passes without a probe.
  if (kind !== 'startup' && !c.started) return { c: advanced, events: [] };

  const ports: NamedPorts = {};
  for (const p of pc.env.spec.ports ?? []) if (p.name && p.containerPort !== undefined) ports[p.name] = p.containerPort;
  const inst = c.instance;
  const app = appHealth(inst.behavior, now - inst.startedMs);
  const { result, message } = runProbe(kind, spec, app, pc.podIP, ports, () => filesOf(inst, now));
  const events: KubeletEvent[] = [];
  if (result === 'failure') {
    events.push({ type: 'Warning', reason: msg.REASON.Unhealthy, message: `${probeTitle(kind)} probe failed: ${message}` });
  }
  const folded = foldResult(mem, result, spec);
  let next: ContainerMemory = { ...advanced, probes: { ...advanced.probes, [kind]: { ...folded.mem, nextMs: nextTickMs(tick, spec) } } };
  if (folded.report === undefined) return { c: next, events };

  if (kind === 'startup') {
    if (folded.report === 'failure') return withEvents(kill(next, 'startup', probeGrace(spec, pc), pc.env, now), events);
    // Started: the startup worker stops; readiness is run at once (the prober's manual trigger).
    // Left out of the copy rather than deleted (see memory.ts, withoutDue).
    const { startup: _startup, ...probes } = next.probes;
    const readiness = probes.readiness;
    if (readiness) probes.readiness = { ...readiness, nextMs: now };
    next = { ...next, started: true, ready: readiness ? next.ready : true, probes };
    return { c: next, events };
  }
  if (kind === 'readiness') return { c: { ...next, ready: folded.report === 'success' }, events };
  if (folded.report === 'failure') return withEvents(kill(next, 'liveness', probeGrace(spec, pc), pc.env, now), events);
  return { c: next, events };
}

function probeGrace(spec: { terminationGracePeriodSeconds?: number }, pc: ProbeContext): number {
  return spec.terminationGracePeriodSeconds ?? pc.podGraceSeconds;
}

function withEvents(r: StepResult, before: KubeletEvent[]): StepResult {
  return { ...r, events: [...before, ...r.events] };
}
