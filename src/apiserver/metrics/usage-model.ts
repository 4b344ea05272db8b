/**
 * The usage model: what one running container uses at an instant, from its image's `usage:`
 * (defaults/imagerepository.ts ImageUsage), its age and its share of a MetricSource's load. Pure.
 *
 * Worked numbers, usage {cpu: {idleMillicores: 5, startSpikeMillicores: 400, startSpikeSeconds: 20,
 * perLoadMillicores: 20}, memory: {idleMiB: 64, perLoadMiB: 2}}:
 *   age 0s, load 0    → cpu 405m, memory 64Mi (the whole spike)
 *   age 10s, load 0   → cpu 205m (half the spike left)
 *   age 60s, load 10  → cpu 5 + 20 × 10 = 205m, memory 64 + 2 × 10 = 84Mi
 * jitterPercent 10 then moves each figure by up to ±10 %, the same for the same pod, container
 * and sample time.
 */
import { DEFAULT_IMAGE_USAGE, type ImageUsage } from '../defaults/imagerepository.js';

/** One container's usage: cpu in nanocores, memory in bytes (metrics-server's units). */
export interface ContainerUsage {
  cpuNanocores: number;
  memoryBytes: number;
}

const MI = 1024 * 1024;

/** FNV-1a of a string, as a fraction in [0, 1): the jitter's draw, a function of its key only. */
export function hashFraction(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

/** A written usage over the defaults, block by block (a tag's `usage:` replaces the behaviour's whole). */
export function effectiveUsage(u: Partial<ImageUsage> | undefined): ImageUsage {
  if (!u) return DEFAULT_IMAGE_USAGE as ImageUsage;
  return {
    cpu: { ...DEFAULT_IMAGE_USAGE.cpu, ...(u.cpu ?? {}) },
    memory: { ...DEFAULT_IMAGE_USAGE.memory, ...(u.memory ?? {}) },
    ...(u.load ? { load: u.load } : {}),
    jitterPercent: u.jitterPercent ?? DEFAULT_IMAGE_USAGE.jitterPercent,
  };
}

/** CPU in millicores (fractional) at `ageMs` after the container's start, carrying `load`. */
export function cpuMillicores(u: ImageUsage, ageMs: number, load: number): number {
  const spikeMs = u.cpu.startSpikeSeconds * 1000;
  const spike = spikeMs > 0 && ageMs < spikeMs ? u.cpu.startSpikeMillicores * (1 - Math.max(0, ageMs) / spikeMs) : 0;
  return u.cpu.idleMillicores + spike + u.cpu.perLoadMillicores * load;
}

/** Memory in MiB (fractional) carrying `load`. */
export function memoryMiB(u: ImageUsage, load: number): number {
  return u.memory.idleMiB + u.memory.perLoadMiB * load;
}

/**
 * The sample of one container: cpu rounded to whole nanocores, memory to whole KiB (the kubelet's
 * working set is in pages; metrics-server prints it in Ki), each moved by the jitter drawn from
 * `jitterKey` (pod uid, container, sample time).
 */
export function containerUsage(u: ImageUsage, ageMs: number, load: number, jitterKey: string): ContainerUsage {
  const j = u.jitterPercent / 100;
  const factor = (what: string): number => (j > 0 ? 1 + j * (2 * hashFraction(`${jitterKey}/${what}`) - 1) : 1);
  const cpu = cpuMillicores(u, ageMs, load) * factor('cpu');
  const mem = memoryMiB(u, load) * factor('memory');
  return {
    cpuNanocores: Math.max(0, Math.round(cpu * 1_000_000)),
    memoryBytes: Math.max(0, Math.round((mem * MI) / 1024) * 1024),
  };
}
