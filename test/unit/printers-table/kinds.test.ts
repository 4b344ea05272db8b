import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { configMapRow } from '../../../src/kubectl/printers/table/configmap.js';
import { defaultColumns, defaultRow } from '../../../src/kubectl/printers/table/default.js';
import { deploymentColumns, deploymentRow } from '../../../src/kubectl/printers/table/deployment.js';
import { eventColumns, eventRow } from '../../../src/kubectl/printers/table/event.js';
import { leaseColumns, leaseRow } from '../../../src/kubectl/printers/table/lease.js';
import { namespaceRow } from '../../../src/kubectl/printers/table/namespace.js';
import { nodeColumns, nodeRow } from '../../../src/kubectl/printers/table/node.js';
import { tableFor } from '../../../src/kubectl/printers/table/registry.js';
import { replicaSetColumns, replicaSetRow } from '../../../src/kubectl/printers/table/replicaset.js';
import { secretColumns, secretRow } from '../../../src/kubectl/printers/table/secret.js';
import { serviceColumns, serviceExternalIP, serviceRow } from '../../../src/kubectl/printers/table/service.js';

const NOW = Date.parse('2025-01-15T10:00:00Z');
const ago = (sec: number): string => new Date(NOW - sec * 1000).toISOString();

function obj(apiVersion: string, kind: string, name: string, body: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): KubeObject {
  return { apiVersion, kind, metadata: { name, namespace: 'default', creationTimestamp: ago(25 * 60), ...meta }, ...body };
}

const names = (cols: readonly { name: string; priority: number }[]): string[] =>
  cols.map((c) => (c.priority ? `*${c.name}` : c.name));

test('deployment: READY ready/desired, counts, wide containers/images/selector', () => {
  assert.deepEqual(names(deploymentColumns), ['Name', 'Ready', 'Up-to-date', 'Available', 'Age', '*Containers', '*Images', '*Selector']);
  const d = obj('apps/v1', 'Deployment', 'hello', {
    spec: {
      replicas: 3,
      selector: { matchLabels: { 'app.kubernetes.io/name': 'hello' }, matchExpressions: [{ key: 'track', operator: 'NotIn', values: ['canary'] }] },
      template: { spec: { containers: [{ name: 'app', image: 'a:1' }, { name: 'sidecar', image: 'b:2' }] } },
    },
    status: { replicas: 4, updatedReplicas: 1, readyReplicas: 2, availableReplicas: 2 },
  });
  assert.deepEqual(deploymentRow(d, NOW), ['hello', '2/3', '1', '2', '25m', 'app,sidecar', 'a:1,b:2', 'app.kubernetes.io/name=hello,track notin (canary)']);
  // a fresh deployment without status, an empty selector, an invalid one
  const fresh = obj('apps/v1', 'Deployment', 'new', { spec: { replicas: 3, selector: {} } });
  assert.deepEqual(deploymentRow(fresh, NOW), ['new', '0/3', '0', '0', '25m', '', '', '']);
  const bad = obj('apps/v1', 'Deployment', 'bad', { spec: { selector: { matchExpressions: [{ key: 'a', operator: 'Bogus' }] } } });
  assert.equal(deploymentRow(bad, NOW)[7], '<invalid>');
});

test('replicaset: DESIRED CURRENT READY as integers, selector <none> when empty', () => {
  assert.deepEqual(names(replicaSetColumns), ['Name', 'Desired', 'Current', 'Ready', 'Age', '*Containers', '*Images', '*Selector']);
  const rs = obj('apps/v1', 'ReplicaSet', 'hello-85854d9fd8', {
    spec: { replicas: 2, selector: { matchLabels: { app: 'hello', 'pod-template-hash': '85854d9fd8' } }, template: { spec: { containers: [{ name: 'hello', image: 'h:1.1' }] } } },
    status: { replicas: 1, readyReplicas: 1 },
  });
  assert.deepEqual(replicaSetRow(rs, NOW), ['hello-85854d9fd8', '2', '1', '1', '25m', 'hello', 'h:1.1', 'app=hello,pod-template-hash=85854d9fd8']);
  assert.equal(replicaSetRow(obj('apps/v1', 'ReplicaSet', 'x', { spec: {} }), NOW)[7], '<none>');
});

test('node: STATUS from the Ready condition, SchedulingDisabled, ROLES, wide cells', () => {
  assert.deepEqual(names(nodeColumns), ['Name', 'Status', 'Roles', 'Age', 'Version', '*Internal-IP', '*External-IP', '*OS-Image', '*Kernel-Version', '*Container-Runtime']);
  const node = (status: Record<string, unknown>, spec: Record<string, unknown> = {}, labels: Record<string, string> = {}): KubeObject =>
    obj('v1', 'Node', 'n1', { spec, status }, { namespace: undefined, labels });
  const ready = { conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }], nodeInfo: { kubeletVersion: 'v1.32.5' } };
  assert.deepEqual(nodeRow(node(ready), NOW).slice(0, 5), ['n1', 'Ready', '<none>', '25m', 'v1.32.5']);
  assert.equal(nodeRow(node({ conditions: [{ type: 'Ready', status: 'Unknown' }] }), NOW)[1], 'NotReady');
  assert.equal(nodeRow(node({ conditions: [{ type: 'Ready', status: 'False' }] }), NOW)[1], 'NotReady');
  assert.equal(nodeRow(node({}), NOW)[1], 'Unknown');
  assert.equal(nodeRow(node({}, { unschedulable: true }), NOW)[1], 'Unknown,SchedulingDisabled');
  assert.equal(nodeRow(node(ready, { unschedulable: true }), NOW)[1], 'Ready,SchedulingDisabled');
  const roles = { 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/control-plane': 'true', 'node-role.kubernetes.io/': 'x', 'kubernetes.io/role': 'master' };
  assert.equal(nodeRow(node(ready, {}, roles), NOW)[2], 'control-plane,master,worker');
  assert.equal(nodeRow(node(ready, {}, { 'kubernetes.io/role': '' }), NOW)[2], '<none>');
  const wide = {
    ...ready,
    addresses: [{ type: 'Hostname', address: 'n1' }, { type: 'InternalIP', address: '10.0.0.2' }, { type: 'InternalIP', address: '10.0.0.3' }, { type: 'ExternalIP', address: '34.1.2.3' }],
    nodeInfo: { kubeletVersion: 'v1.32.5', osImage: 'Ubuntu', kernelVersion: '6.8', containerRuntimeVersion: 'containerd://1.7' },
  };
  assert.deepEqual(nodeRow(node(wide), NOW).slice(5), ['10.0.0.2', '34.1.2.3', 'Ubuntu', '6.8', 'containerd://1.7']);
  assert.deepEqual(nodeRow(node(ready), NOW).slice(5), ['<none>', '<none>', '<unknown>', '<unknown>', '<unknown>']);
});

test('event: columns in printers.go order, MESSAGE in the middle of the wide ones', () => {
  assert.deepEqual(names(eventColumns), ['Last Seen', 'Type', 'Reason', 'Object', '*Subobject', '*Source', 'Message', '*First Seen', '*Count', '*Name']);
  assert.equal(eventColumns.find((c) => c.name === 'Name')?.format, 'name');
});

test('event: LAST SEEN / FIRST SEEN fallbacks, COUNT, OBJECT, SOURCE, trimmed MESSAGE', () => {
  const base = { involvedObject: { kind: 'Deployment', name: 'hello' }, type: 'Normal', reason: 'ScalingReplicaSet', message: '  Scaled up\t\n' };
  const ev = (body: Record<string, unknown>): string[] => eventRow(obj('v1', 'Event', 'hello.1', { ...base, ...body }), NOW);
  // classic event
  assert.deepEqual(ev({ firstTimestamp: ago(600), lastTimestamp: ago(30), count: 3, source: { component: 'deployment-controller' } }), [
    '30s', 'Normal', 'ScalingReplicaSet', 'deployment/hello', '', 'deployment-controller', 'Scaled up', '10m', '3', 'hello.1',
  ]);
  // no lastTimestamp: LAST SEEN = FIRST SEEN; no firstTimestamp: eventTime; count 0 → 1
  assert.deepEqual(ev({ firstTimestamp: ago(600) }).slice(0, 1).concat(ev({ firstTimestamp: ago(600) }).slice(7, 9)), ['10m', '10m', '1']);
  assert.deepEqual([ev({ eventTime: ago(45) })[0], ev({ eventTime: ago(45) })[7]], ['45s', '45s']);
  assert.deepEqual([ev({})[0], ev({})[7], ev({})[8]], ['<unknown>', '<unknown>', '1']);
  // a series overrides LAST SEEN and COUNT
  const series = ev({ eventTime: ago(3600), series: { count: 7, lastObservedTime: ago(5) } });
  assert.deepEqual([series[0], series[7], series[8]], ['5s', '60m', '7']);
  // SOURCE: component, host; reportingComponent / reportingInstance as fallbacks
  assert.equal(ev({ source: { component: 'kubelet', host: 'node-1' } })[5], 'kubelet, node-1');
  assert.equal(ev({ reportingComponent: 'scheduler', reportingInstance: 'sched-1' })[5], 'scheduler, sched-1');
  assert.equal(ev({ source: { host: 'node-1' }, reportingComponent: 'kubelet' })[5], 'kubelet, node-1');
  assert.equal(ev({})[5], '');
  // OBJECT without a name; SUBOBJECT is the field path
  assert.equal(ev({ involvedObject: { kind: 'Node' } })[3], 'node');
  assert.equal(ev({ involvedObject: { kind: 'Pod', name: 'p', fieldPath: 'spec.containers{app}' } })[4], 'spec.containers{app}');
});

test('service: TYPE, CLUSTER-IP, EXTERNAL-IP rules, PORT(S), SELECTOR', () => {
  assert.deepEqual(names(serviceColumns), ['Name', 'Type', 'Cluster-IP', 'External-IP', 'Port(s)', 'Age', '*Selector']);
  const svc = (spec: Record<string, unknown>, status: Record<string, unknown> = {}): KubeObject => obj('v1', 'Service', 'hello', { spec, status });
  assert.deepEqual(
    serviceRow(svc({ type: 'ClusterIP', clusterIPs: ['10.96.0.10', 'fd00::10'], ports: [{ port: 53, protocol: 'UDP' }, { port: 53, protocol: 'TCP' }], selector: { b: '2', a: '1' } }), NOW),
    ['hello', 'ClusterIP', '10.96.0.10', '<none>', '53/UDP,53/TCP', '25m', 'a=1,b=2'],
  );
  assert.deepEqual(
    serviceRow(svc({ type: 'NodePort', clusterIPs: ['10.96.1.1'], externalIPs: ['1.2.3.4', '5.6.7.8'], ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }] }), NOW).slice(1, 5),
    ['NodePort', '10.96.1.1', '1.2.3.4,5.6.7.8', '80:30080/TCP'],
  );
  // headless (clusterIPs ["None"]) and no ports
  assert.deepEqual(serviceRow(svc({ type: 'ClusterIP', clusterIPs: ['None'] }), NOW).slice(2, 5), ['None', '<none>', '<none>']);
  assert.equal(serviceRow(svc({ type: 'ClusterIP' }), NOW)[2], '<none>');
  assert.equal(serviceRow(svc({ type: 'ExternalName', externalName: 'db.example.com' }), NOW)[3], 'db.example.com');
  assert.equal(serviceRow(svc({}), NOW)[3], '<unknown>');
  assert.equal(serviceRow(svc({ type: 'LoadBalancer' }), NOW)[3], '<pending>');
  const lbStatus = { loadBalancer: { ingress: [{ ip: '35.1.1.1' }, { hostname: 'a1b2c3d4e5f6.elb.example.com' }, { ip: '35.1.1.1' }] } };
  assert.equal(serviceRow(svc({ type: 'LoadBalancer' }, lbStatus), NOW)[3], '35.1.1.1,a1b2c3d4e5f6.elb.example.com');
  assert.equal(serviceRow(svc({ type: 'LoadBalancer', externalIPs: ['9.9.9.9'] }, lbStatus), NOW)[3], '35.1.1.1,a1b2c3d4e5f6.elb.example.com,9.9.9.9');
  assert.equal(serviceRow(svc({ type: 'LoadBalancer', externalIPs: ['9.9.9.9'] }), NOW)[3], '9.9.9.9');
  // the non-wide cut exists in printers.go but the apiserver always renders wide
  assert.equal(serviceExternalIP(svc({ type: 'LoadBalancer' }, lbStatus) as never, false), '35.1.1.1,a1b2...');
});

test('configmap DATA, secret TYPE DATA, namespace STATUS, lease HOLDER', () => {
  assert.deepEqual(configMapRow(obj('v1', 'ConfigMap', 'c', { data: { a: '1', b: '2' }, binaryData: { c: 'AA==' } }), NOW), ['c', '3', '25m']);
  assert.deepEqual(configMapRow(obj('v1', 'ConfigMap', 'empty'), NOW), ['empty', '0', '25m']);
  assert.deepEqual(names(secretColumns), ['Name', 'Type', 'Data', 'Age']);
  assert.deepEqual(secretRow(obj('v1', 'Secret', 's', { type: 'Opaque', data: { a: 'AA==' } }), NOW), ['s', 'Opaque', '1', '25m']);
  assert.deepEqual(namespaceRow(obj('v1', 'Namespace', 'old', { status: { phase: 'Terminating' } }, { namespace: undefined }), NOW), ['old', 'Terminating', '25m']);
  assert.deepEqual(names(leaseColumns), ['Name', 'Holder', 'Age']);
  assert.deepEqual(leaseRow(obj('coordination.k8s.io/v1', 'Lease', 'l', { spec: { holderIdentity: 'cm-1_abc' } }), NOW), ['l', 'cm-1_abc', '25m']);
  assert.deepEqual(leaseRow(obj('coordination.k8s.io/v1', 'Lease', 'l', { spec: {} }), NOW), ['l', '', '25m']);
});

test('default NAME AGE for other kinds, and the registry lookup by resource label', () => {
  assert.deepEqual(names(defaultColumns), ['Name', 'Age']);
  const repo = obj('kubemu.dev/v1alpha1', 'ImageRepository', 'ghcr', {}, { creationTimestamp: undefined });
  assert.deepEqual(defaultRow(repo, NOW), ['ghcr', '<unknown>']);
  assert.equal(tableFor('imagerepository.kubemu.dev').columns, defaultColumns);
  assert.equal(tableFor('deployment.apps').columns, deploymentColumns);
  // a custom resource that happens to be called Event keeps the default table
  assert.equal(tableFor('event.example.com').columns, defaultColumns);
});
