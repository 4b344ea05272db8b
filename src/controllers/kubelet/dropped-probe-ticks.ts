import type { Container } from '../../api/core/v1/container.js';
import type { StepResult } from './lifecycle.js';
import { sameExcept, type ContainerMemory } from './memory.js';
import { nextProbeMs, runDueProbe, type ProbeContext } from './probing.js';
import { nextEventfulProbeMs, skipQuietTicks } from './quiet-ticks.js';
import type { FoldedEvent } from './quiet-resyncs.js';

/**
 * Failing probe ticks whose Unhealthy event the spam filter drops are not steps either, when they
 * change nothing but the probe's own memory (its next tick, its run of results): a never-ready
 * pod's readiness probe, failing every period and long reported as failing, records an Unhealthy
 * event each tick and leaves `ready` false. Once the pod's burst of 25 events is spent, every
 * such tick before the instant its token bucket has a token again (EventRecorder.firstWrittenMs)
 * writes nothing, so the kubelet folds them (their events recorded late, at their own times, to
 * be counted) and is woken at the first tick at or after that instant — or at a tick that would
 * change something (a kill, a change of `ready`). The pod status does not show the probes'
 * memory, so it stays as it is.
 *
 * A pod whose /readyz never answers 200, readiness every 5 s: 25 Unhealthy events in its first
 * 2 minutes, then one written every 300 s with the count of all; 1 step per 5 minutes, not 60.
 */

/** The probe tick due at tickMs, if its events are dropped and it changes nothing but the probes' memory. */
export function droppedProbeTick(c: ContainerMemory, pc: ProbeContext, tickMs: number, writableFromMs: number): StepResult | undefined {
  if (tickMs >= writableFromMs || nextProbeMs(c) !== tickMs) return undefined;
  const r = runDueProbe(c, pc, tickMs);
  if (!r || !sameExcept(r.c, c, 'probes')) return undefined;
  return r;
}

/** A guard: 300 s of 1-s probes is 300 ticks. */
const MAX_FOLDED = 100_000;

/**
 * Walks the container's probe ticks from now on, folding the quiet ones (quiet-ticks.ts) and the
 * dropped ones, up to untilMs: where it stopped (the first tick that is neither, undefined when
 * every tick up to untilMs is one), and the last tick it folded.
 */
function walk(c: ContainerMemory, spec: Container, pc: ProbeContext, untilMs: number, writableFromMs: number): { eventfulMs?: number; lastFoldedMs?: number } {
  let cur = c;
  let lastFoldedMs: number | undefined;
  for (let n = 0; n < MAX_FOLDED; n++) {
    const t = nextEventfulProbeMs(cur, spec);
    if (t === undefined) return lastFoldedMs === undefined ? {} : { lastFoldedMs };
    if (t > untilMs) return { eventfulMs: t, ...(lastFoldedMs === undefined ? {} : { lastFoldedMs }) };
    const skipped = skipQuietTicks(cur, spec, t - 1);
    const r = droppedProbeTick(skipped, pc, t, writableFromMs);
    if (!r) return { eventfulMs: t, ...(lastFoldedMs === undefined ? {} : { lastFoldedMs }) };
    cur = r.c;
    lastFoldedMs = t;
  }
  return {};
}

/** The container's first probe tick that is neither quiet nor dropped (undefined: none). */
export function eventfulProbeTickMs(c: ContainerMemory, spec: Container, pc: ProbeContext, writableFromMs: number): number | undefined {
  return walk(c, spec, pc, Infinity, writableFromMs).eventfulMs;
}

/** The latest dropped probe tick of the container in (afterMs, untilMs] (see Controller.lastQuietInstant). */
export function lastDroppedProbeTickMs(c: ContainerMemory, spec: Container, pc: ProbeContext, afterMs: number, untilMs: number, writableFromMs: number): number | undefined {
  const t = walk(c, spec, pc, untilMs, writableFromMs).lastFoldedMs;
  return t !== undefined && t > afterMs ? t : undefined;
}

/** Folds the dropped tick due at tickMs, with its events at their time; undefined when it is not one. */
export function foldDroppedProbeTick(c: ContainerMemory, pc: ProbeContext, tickMs: number, writableFromMs: number): { c: ContainerMemory; folded: FoldedEvent[] } | undefined {
  const r = droppedProbeTick(c, pc, tickMs, writableFromMs);
  return r && { c: r.c, folded: r.events.map((e) => ({ ...e, atMs: tickMs })) };
}
