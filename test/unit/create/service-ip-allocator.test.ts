import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignServiceIPs } from '../../../src/apiserver/service-ip-allocator.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { StatusError } from '../../../src/apiserver/errors.js';

const svcInfo = findByKind('v1', 'Service')!;
const podInfo = findByKind('v1', 'Pod')!;

/** A random source that returns the given values in turn. */
function fixedRandom(...values: number[]) {
  return { nextUint32: () => values.shift() ?? 0 };
}

function svc(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec } as KubeObject;
}

function ctx(existing: KubeObject[], ...random: number[]) {
  return { random: fixedRandom(...random), list: () => existing };
}

test('a dynamic IP is 10.96.0.0 + 256 + (random mod (2^20 - 257))', () => {
  const obj = svc('web', { type: 'ClusterIP' });
  // 0x7a2c1 = 500417; 256 + 500417 = 500673 = 0x7a3c1 → 10.103.163.193
  assignServiceIPs(ctx([], 500417), svcInfo, obj);
  assert.deepEqual(obj['spec'], { type: 'ClusterIP', clusterIP: '10.103.163.193', clusterIPs: ['10.103.163.193'] });
});

test('a taken IP moves to the next free one, wrapping past the end of the range', () => {
  const taken = [svc('a', { clusterIP: '10.111.255.254', clusterIPs: ['10.111.255.254'] }), svc('b', { clusterIPs: ['10.96.0.1'] })];
  const obj = svc('web', { type: 'ClusterIP' });
  // offset 2^20-2 (10.111.255.254) is taken; offset 1 (10.96.0.1) too; offset 2 is free.
  assignServiceIPs(ctx(taken, (1 << 20) - 2 - 256), svcInfo, obj);
  assert.equal((obj['spec'] as Record<string, unknown>)['clusterIP'], '10.96.0.2');
});

test('headless and ExternalName services get no IP; other kinds are untouched', () => {
  const headless = svc('h', { clusterIP: 'None' });
  assignServiceIPs(ctx([]), svcInfo, headless);
  assert.deepEqual(headless['spec'], { clusterIP: 'None', clusterIPs: ['None'] });
  const external = svc('e', { type: 'ExternalName', externalName: 'example.com' });
  assignServiceIPs(ctx([]), svcInfo, external);
  assert.deepEqual(external['spec'], { type: 'ExternalName', externalName: 'example.com' });
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: {} } as KubeObject;
  assignServiceIPs(ctx([]), podInfo, pod);
  assert.deepEqual(pod['spec'], {});
});

test('a requested IP must be free and inside 10.96.0.0/12', () => {
  const existing = [svc('kubernetes', { clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1'] })];
  const ok = svc('pinned', { clusterIP: '10.96.0.10' });
  assignServiceIPs(ctx(existing), svcInfo, ok);
  assert.deepEqual(ok['spec'], { clusterIP: '10.96.0.10', clusterIPs: ['10.96.0.10'] });
  const cases: [string, string][] = [
    ['10.96.0.1', 'provided IP is already allocated'],
    ['192.168.0.1', 'the provided IP (192.168.0.1) is not in the valid range. The range of valid IPs is 10.96.0.0/12'],
    ['10.96.0.0', 'the provided IP (10.96.0.0) is not in the valid range. The range of valid IPs is 10.96.0.0/12'],
  ];
  for (const [ip, why] of cases) {
    assert.throws(
      () => assignServiceIPs(ctx(existing), svcInfo, svc('pinned', { clusterIP: ip })),
      (e: unknown) =>
        e instanceof StatusError &&
        e.reason === 'Invalid' &&
        e.message === `Service "pinned" is invalid: spec.clusterIPs: Invalid value: []string{"${ip}"}: failed to allocate IP ${ip}: ${why}`,
    );
  }
});
