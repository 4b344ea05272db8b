/**
 * Cluster IPs for new Services, as kube-apiserver's service REST storage assigns them from the
 * service CIDR (pkg/registry/core/service/ipallocator) on a single-stack IPv4 cluster with
 * `--service-cluster-ip-range=10.96.0.0/12`.
 *
 * The range has 2^20 addresses: 10.96.0.0 (network) … 10.111.255.255 (broadcast); offsets
 * 1 … 2^20-2 are allocatable. Like the upstream bitmap allocator, a dynamic allocation avoids
 * the low band (offsets below 256, kept for static IPs such as 10.96.0.1 and 10.96.0.10): it
 * picks a random offset in [256, 2^20-2] from the cluster's random source and, if that one is
 * taken, the next free one after it (wrapping round). With a seeded cluster the IPs are the same
 * on every run. Worked example: offset 0x7a3c1 → 10.96.0.0 + 0x7a3c1 = 10.103.163.193.
 *
 * Nothing is stored: the IPs in use are those of the Services that exist, so deleting a
 * Service frees its IP and a dry run allocates without keeping anything.
 */
import type { KubeObject } from '../api/meta/v1.js';
import type { ResourceInfo } from './resources.js';
import type { RandomSource } from '../sim/random.js';
import { invalid } from './errors.js';
import { isJsonObject, type JsonObject } from '../common/json.js';

/** 10.96.0.0 as a 32-bit number. */
const BASE = (10 << 24) | (96 << 16);
/** A /12: 2^20 addresses. */
const SIZE = 1 << 20;
/** The first offset of the band dynamic allocation prefers (upstream: min(max(16, size/16), 256)). */
const DYNAMIC_FIRST = 256;
const CIDR = '10.96.0.0/12';

/** What the allocator needs from the API server. */
export interface ServiceIPContext {
  random: RandomSource;
  /** every Service in every namespace */
  list(info: ResourceInfo, namespace: undefined): KubeObject[];
}

function parseIPv4(s: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

export function formatIPv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

function specOf(obj: KubeObject): JsonObject {
  const spec = obj['spec'];
  if (isJsonObject(spec)) return spec;
  const fresh: JsonObject = {};
  obj['spec'] = fresh;
  return fresh;
}

/** Offsets (from 10.96.0.0) of the cluster IPs the existing Services hold. */
function usedOffsets(services: KubeObject[]): Set<number> {
  const used = new Set<number>();
  for (const svc of services) {
    const spec = isJsonObject(svc['spec']) ? svc['spec'] : {};
    const ips = Array.isArray(spec['clusterIPs']) ? spec['clusterIPs'] : [spec['clusterIP']];
    for (const ip of ips) {
      const n = typeof ip === 'string' ? parseIPv4(ip) : undefined;
      if (n !== undefined) used.add(n - BASE);
    }
  }
  return used;
}

function allocationError(obj: KubeObject, ip: string, why: string) {
  return invalid('Service', '', obj.metadata.name ?? '', [
    {
      reason: 'FieldValueInvalid',
      field: 'spec.clusterIPs',
      message: `Invalid value: []string{${JSON.stringify(ip)}}: failed to allocate IP ${ip}: ${why}`,
    },
  ]);
}

/**
 * Fills in `spec.clusterIP` and `spec.clusterIPs` of a Service being created (after defaulting
 * and validation). Headless Services get `None` in both; ExternalName Services get nothing;
 * a requested IP must be in the range and free. Other kinds are left alone.
 */
export function assignServiceIPs(api: ServiceIPContext, info: ResourceInfo, obj: KubeObject): void {
  if (info.kind !== 'Service' || info.group !== '') return;
  const spec = specOf(obj);
  if (spec['type'] === 'ExternalName') return;
  const listed = Array.isArray(spec['clusterIPs']) ? spec['clusterIPs'][0] : undefined;
  const requested = typeof spec['clusterIP'] === 'string' && spec['clusterIP'] !== '' ? spec['clusterIP'] : typeof listed === 'string' ? listed : '';
  if (requested === 'None') {
    spec['clusterIP'] = 'None';
    spec['clusterIPs'] = ['None'];
    return;
  }
  const used = usedOffsets(api.list(info, undefined));
  let offset: number;
  if (requested !== '') {
    const n = parseIPv4(requested);
    if (n === undefined || n - BASE < 1 || n - BASE > SIZE - 2) {
      throw allocationError(obj, requested, `the provided IP (${requested}) is not in the valid range. The range of valid IPs is ${CIDR}`);
    }
    offset = n - BASE;
    if (used.has(offset)) throw allocationError(obj, requested, 'provided IP is already allocated');
  } else {
    const span = SIZE - 1 - DYNAMIC_FIRST; // offsets 256 … 2^20-2
    const start = DYNAMIC_FIRST + (api.random.nextUint32() % span);
    offset = start;
    for (let i = 0; used.has(offset); i++) {
      if (i >= SIZE) throw new Error('service IP range 10.96.0.0/12 is full');
      offset = offset + 1 > SIZE - 2 ? 1 : offset + 1;
    }
  }
  const ip = formatIPv4((BASE + offset) >>> 0);
  spec['clusterIP'] = ip;
  spec['clusterIPs'] = [ip];
}
