import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultLayout, flagLayoutNodes, layoutOf } from '../../../src/cluster/layout.js';
import { readLayoutConfig } from '../../../src/tools/cluster/layout-config.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { asNode } from '../../../src/api/core/v1/node.js';

/** Cluster layouts: names, addresses, pod CIDRs, zones, taints; the default one as it always was. */

const brief = (l: ReturnType<typeof layoutOf>) =>
  l.nodes.map((n) => `${n.name} ${n.ip} ${n.podCidr ?? '-'} ${n.labels?.['topology.kubernetes.io/zone'] ?? '-'} ${n.taints ? n.taints.length : 'kubeadm'}`);

test('the default layout: k8s-master-1, k8s-node-1, k8s-node-2 at 10.0.0.10-12 with 10.244.0-2.0/24', () => {
  assert.deepEqual(brief(defaultLayout()), ['k8s-master-1 10.0.0.10 10.244.0.0/24 - kubeadm', 'k8s-node-1 10.0.0.11 10.244.1.0/24 - kubeadm', 'k8s-node-2 10.0.0.12 10.244.2.0/24 - kubeadm']);
});

test('--control-planes 3 --workers 3 --zones a,b: zones round-robin per role; no worker: untainted control planes', () => {
  assert.deepEqual(brief(layoutOf(flagLayoutNodes(3, 3, ['a', 'b'], {}))), [
    'k8s-master-1 10.0.0.10 10.244.0.0/24 a kubeadm',
    'k8s-master-2 10.0.0.11 10.244.1.0/24 b kubeadm',
    'k8s-master-3 10.0.0.12 10.244.2.0/24 a kubeadm',
    'k8s-node-1 10.0.0.13 10.244.3.0/24 a kubeadm',
    'k8s-node-2 10.0.0.14 10.244.4.0/24 b kubeadm',
    'k8s-node-3 10.0.0.15 10.244.5.0/24 a kubeadm',
  ]);
  assert.deepEqual(brief(layoutOf(flagLayoutNodes(1, 0, [], {}))), ['k8s-master-1 10.0.0.10 10.244.0.0/24 - 0']);
  const big = layoutOf(flagLayoutNodes(1, 255, [], {}));
  assert.equal(big.nodes[255]?.ip, '10.0.1.9');
  assert.equal(big.nodes[255]?.podCidr, '10.244.255.0/24');
});

test('a cluster made with a layout: its nodes, leases and kubelets', () => {
  const layout = layoutOf(flagLayoutNodes(1, 3, ['a', 'b'], { cpu: '4', memoryKi: 8388608, pods: 50 }), 'v1.35.1');
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' }, layout });
  const nodes = c.api.list(findByKind('v1', 'Node')!, undefined).map((n) => n.metadata.name);
  assert.deepEqual(nodes, ['k8s-master-1', 'k8s-node-1', 'k8s-node-2', 'k8s-node-3']);
  assert.equal(c.api.list(findByKind('coordination.k8s.io/v1', 'Lease')!, 'kube-node-lease').length, 4);
  const n3 = asNode(c.api.get(findByKind('v1', 'Node')!, undefined, 'k8s-node-3'));
  assert.deepEqual([n3.status?.capacity?.['cpu'], n3.status?.capacity?.['pods'], n3.status?.nodeInfo?.kubeletVersion], ['4', '50', 'v1.35.1']);
  c.close();
});

test('the kind-like config: strict, with what kubemu does not emulate said so', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubemu-layout-'));
  const read = (text: string) => {
    writeFileSync(join(dir, 'c.yaml'), text);
    return readLayoutConfig('c.yaml', dir);
  };
  try {
    const nodes = read(
      'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n- role: control-plane\n- role: worker\n  name: big\n  labels: {topology.kubernetes.io/zone: a}\n  taints: [{key: gpu, effect: NoSchedule}, "x=y:NoExecute"]\n  capacity: {cpu: "8", memory: 16Gi, pods: 200}\n',
    );
    assert.deepEqual(nodes[1], {
      role: 'worker',
      name: 'big',
      labels: { 'topology.kubernetes.io/zone': 'a' },
      taints: [
        { key: 'gpu', effect: 'NoSchedule' },
        { key: 'x', value: 'y', effect: 'NoExecute' },
      ],
      cpu: '8',
      memoryKi: 16777216,
      pods: 200,
    });
    assert.deepEqual(read('kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\n'), [{ role: 'control-plane' }], "kind's default: one control plane");
    const refused: [string, RegExp][] = [
      ['kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnetworking: {}\n', /networking is not emulated by kubemu/],
      ['kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n- role: worker\n  image: x\n', /nodes\[0\]\.image is not emulated/],
      ['kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n- role: master\n', /nodes\[0\]\.role: Unsupported value: "master"/],
      ['kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n- role: worker\n', /at least one control-plane/],
      ['kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n- role: control-plane\n  labels: {"bad key!": x}\n', /invalid label key "bad key!"/],
      ['kind: Config\napiVersion: v1\n', /must be kind: Cluster/],
      ['kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n- role: control-plane\n  capacity: {gpu: 1}\n', /unknown field "nodes\[0\]\.capacity\.gpu"/],
    ];
    for (const [text, message] of refused) assert.throws(() => read(text), message, text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
