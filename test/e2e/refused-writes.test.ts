import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, makeSandbox } from './transcript.js';

/**
 * Issue 9's wedges, through bin/kubemu on a virtual clock: a controller write the API server
 * refuses (an Event in a namespace being deleted, a Node without spec.podCIDR) must not abort
 * the control-plane step, so later commands keep working.
 */

function kubemu(sb: { dir: string; env: NodeJS.ProcessEnv }, ...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: sb.dir, env: sb.env, encoding: 'utf8' });
  return { code: r.status ?? -1, out: r.stdout ?? '', err: r.stderr ?? '' };
}

test('deleting a namespace that holds a running pod: exit 0, the namespace empties and goes, the cluster keeps working', () => {
  const sb = makeSandbox();
  try {
    assert.equal(kubemu(sb, 'create', 'namespace', 't').code, 0);
    assert.equal(kubemu(sb, '-n', 't', 'run', 'p', '--image=nginx').code, 0);
    assert.equal(kubemu(sb, 'cluster', 'advance', '10s').code, 0);
    assert.match(kubemu(sb, '-n', 't', 'get', 'pod', 'p').out, /Running/);

    // The kubelet's Killing event is refused (the namespace refuses new content): dropped.
    const del = kubemu(sb, 'delete', 'namespace', 't');
    assert.deepEqual(del, { code: 0, out: 'namespace "t" deleted\n', err: '' });

    const adv = kubemu(sb, 'cluster', 'advance', '10s');
    assert.equal(adv.err, '');
    assert.equal(adv.code, 0);
    const ns = kubemu(sb, 'get', 'namespace', 't');
    assert.deepEqual(ns, { code: 1, out: '', err: 'Error from server (NotFound): namespaces "t" not found\n' });
    assert.equal(kubemu(sb, '-n', 't', 'get', 'pods,events', '-o', 'name').out, '');
    assert.deepEqual(kubemu(sb, 'create', 'namespace', 'u'), { code: 0, out: 'namespace/u created\n', err: '' });
  } finally {
    rmSync(sb.dir, { recursive: true, force: true });
  }
});

test('delete namespace --wait=false: Terminating until its pod has stopped, then gone; nothing fails meanwhile', () => {
  const sb = makeSandbox();
  try {
    kubemu(sb, 'create', 'namespace', 't');
    kubemu(sb, '-n', 't', 'create', 'deployment', 'web', '--image=nginx', '--replicas=2');
    kubemu(sb, 'cluster', 'advance', '10s');
    assert.deepEqual(kubemu(sb, 'delete', 'namespace', 't', '--wait=false'), { code: 0, out: 'namespace "t" deleted\n', err: '' });
    assert.match(kubemu(sb, 'get', 'namespace', 't', '--no-headers').out, /^t\s+Terminating/);
    // Every command that runs the controllers meanwhile succeeds.
    for (const args of [['cluster', 'advance', '1s'], ['get', 'pods', '-A'], ['create', 'configmap', 'c'], ['cluster', 'advance', '30s']]) {
      const r = kubemu(sb, ...args);
      assert.equal(r.err, '', args.join(' '));
      assert.equal(r.code, 0, args.join(' '));
    }
    assert.equal(kubemu(sb, 'get', 'namespace', 't').code, 1);
  } finally {
    rmSync(sb.dir, { recursive: true, force: true });
  }
});

test('a Node without spec.podCIDR gets one from the node IPAM controller; its pods get IPs, nothing freezes', () => {
  const sb = makeSandbox();
  try {
    writeFileSync(
      join(sb.dir, 'pod.yaml'),
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p3\nspec:\n  nodeName: worker-3\n  containers:\n  - name: c\n    image: nginx\n',
    );
    // a node with a kubelet (one created with `kubectl create -f node.yaml` has none: its pods would stay Pending)
    assert.deepEqual(kubemu(sb, 'node', 'add', 'worker-3'), { code: 0, out: 'node/worker-3 added\n', err: '' });
    assert.equal(kubemu(sb, 'get', 'node', 'worker-3', '-o', 'jsonpath={.spec.podCIDR} {.spec.podCIDRs}').out, '10.244.3.0/24 ["10.244.3.0/24"]');
    assert.equal(kubemu(sb, 'create', '-f', 'pod.yaml').code, 0);
    const adv = kubemu(sb, 'cluster', 'advance', '5s');
    assert.deepEqual({ code: adv.code, err: adv.err }, { code: 0, err: '' });
    assert.equal(kubemu(sb, 'get', 'pod', 'p3', '-o', 'jsonpath={.status.phase} {.status.podIP}').out, 'Running 10.244.3.2');
    const logs = kubemu(sb, 'logs', '-n', 'kube-system', 'kube-controller-manager-k8s-master-1').out;
    assert.match(logs, /range_allocator\.go:\d+\] "Set node PodCIDR" node="worker-3" podCIDRs=\[10\.244\.3\.0\/24\]/);
  } finally {
    rmSync(sb.dir, { recursive: true, force: true });
  }
});
