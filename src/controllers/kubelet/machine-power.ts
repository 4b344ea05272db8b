import type { ApiServer } from '../../apiserver/server.js';
import { alreadyExists, notFound } from '../../apiserver/errors.js';
import { findByKind } from '../../apiserver/resources.js';
import { asLease, microTime, NODE_LEASE_NAMESPACE } from '../../api/coordination/v1/lease.js';
import { asNode, nodeAddress, NODE_ADDRESS } from '../../api/core/v1/node.js';
import { asPod } from '../../api/core/v1/pod.js';
import { rfc3339 } from '../../sim/clock.js';
import type { TimerQueue } from '../../storage/timers.js';
import { objectKey } from '../framework/controller.js';
import { lastRenewalMs, lastStatusReportMs } from './heartbeats.js';
import { isRunning, machineOf, readMachines, writeMachines, type Machine, type MachineRegistration, type Machines } from './machines.js';
import { nodeLeaseObject } from './node-lease.js';
import { nodeObject, readyConditions } from './node-registration.js';
import { NODE_LIFECYCLE_CONTROLLER } from '../nodelifecycle/config.js';

/**
 * Powering the emulated machines on and off (`kubemu node add|stop|start|remove`), as the
 * kubelet's own writes: a machine that comes up registers its Node (when there is none),
 * posts a ready status and renews its Lease; one that goes down renews nothing more, and its
 * last renewal and status report are written down (heartbeats.ts). The kubelet's events and the
 * restart of the node's pods follow in its next sync (a `machine:<node>` wake-up).
 * A stop writes only what changed since the last write (often nothing): the node lifecycle
 * controller is woken at the stop instant, standing for its next 5 s look, which finds a lease
 * that no longer renews.
 */

const NODES = findByKind('v1', 'Node')!;
const LEASES = findByKind('coordination.k8s.io/v1', 'Lease')!;
const PODS = findByKind('v1', 'Pod')!;

/** The kubelet's wake-up key for a machine that just came up. */
export const MACHINE_KEY_PREFIX = 'machine:';

export interface PowerDeps {
  api: ApiServer;
  timers: TimerQueue;
}

/** Why a power command cannot act on a node: said as `error: ...`. */
export class MachineError extends Error {}

function table(api: ApiServer): Machines {
  // A file from before machines: every node has its kubelet (machineOf's legacy answer), written out now.
  const t = readMachines(api.store);
  if (t) return t;
  const all: Record<string, Machine> = {};
  for (const n of api.list(NODES, undefined)) all[n.metadata.name ?? ''] = { bootMs: 0 };
  return all;
}

function wake(deps: PowerDeps, node: string, nowMs: number): void {
  deps.timers.schedule({ queue: 'kubelet', key: `${MACHINE_KEY_PREFIX}${node}`, dueMs: nowMs });
}

/** The first address 10.0.0.10, 10.0.0.11, ... no node has. */
function freeAddress(api: ApiServer): string {
  const used = new Set(api.list(NODES, undefined).map((n) => nodeAddress(asNode(n), NODE_ADDRESS.InternalIP)));
  for (let i = 10; ; i++) {
    const ip = `10.0.${Math.floor(i / 256)}.${i % 256}`;
    if (!used.has(ip)) return ip;
  }
}

/** `kubemu node add`: a new machine whose kubelet registers its Node, ready, with its Lease. */
export function addMachine(deps: PowerDeps, name: string, controlPlane: boolean, reg: Omit<MachineRegistration, 'ip'>): void {
  const { api } = deps;
  if (api.tryGet(NODES, undefined, name)) throw alreadyExists('nodes', '', name);
  const nowMs = api.clock.now();
  const now = rfc3339(nowMs);
  const ip = freeAddress(api);
  const machines = table(api);
  const node = api.create(NODES, undefined, nodeObject({ name, ip, controlPlane, cpu: reg.cpu, memoryKi: reg.memoryKi, pods: reg.pods, labels: reg.labels, taints: reg.taints }, now));
  const lease = api.tryGet(LEASES, NODE_LEASE_NAMESPACE, name);
  if (lease) api.delete(LEASES, NODE_LEASE_NAMESPACE, name);
  api.create(LEASES, NODE_LEASE_NAMESPACE, nodeLeaseObject(name, node.metadata.uid ?? '', nowMs));
  writeMachines(api.store, { ...machines, [name]: { bootMs: nowMs, registration: { ...reg, ip } } });
  wake(deps, name, nowMs);
}

/** The machine of an existing node, or why there is none. */
function machineNamed(api: ApiServer, name: string): { machines: Machines; machine: Machine } {
  if (!api.tryGet(NODES, undefined, name)) throw notFound('nodes', '', name);
  const machines = table(api);
  const machine = machineOf(machines, name);
  if (!machine) throw new MachineError(`node "${name}" has no kubelet: it was created through the API, not by kubemu (kubemu node add makes one)`);
  return { machines, machine };
}

/** `kubemu node stop`: the machine powers off; its last renewal and status report stay as written. */
export function stopMachine(deps: PowerDeps, name: string): void {
  const { api } = deps;
  const { machines, machine } = machineNamed(api, name);
  if (!isRunning(machine)) throw new MachineError(`node "${name}" is already stopped`);
  const nowMs = api.clock.now();
  writeMachines(api.store, { ...machines, [name]: { ...machine, stoppedMs: nowMs } });
  const lease = api.tryGet(LEASES, NODE_LEASE_NAMESPACE, name);
  if (lease) {
    const l = asLease(lease);
    const renewTime = microTime(Math.max(lastRenewalMs(machine.bootMs, nowMs), Date.parse(l.spec?.renewTime ?? '') || 0));
    api.update(LEASES, { ...l, spec: { ...l.spec, renewTime } });
  }
  const node = asNode(api.get(NODES, undefined, name));
  const reported = rfc3339(lastStatusReportMs(machine.bootMs, nowMs));
  const conditions = (node.status?.conditions ?? []).map((c) =>
    c.lastHeartbeatTime !== undefined && Date.parse(c.lastHeartbeatTime) >= Date.parse(reported) ? c : { ...c, lastHeartbeatTime: reported },
  );
  api.updateStatus(NODES, { ...node, status: { ...node.status, conditions } });
  deps.timers.schedule({ queue: NODE_LIFECYCLE_CONTROLLER, key: name, dueMs: nowMs });
}

/** `kubemu node start`: the machine powers on; its kubelet posts a ready status and renews its lease. */
export function startMachine(deps: PowerDeps, name: string): void {
  const { api } = deps;
  const { machines, machine } = machineNamed(api, name);
  if (isRunning(machine)) throw new MachineError(`node "${name}" is already running`);
  const nowMs = api.clock.now();
  const now = rfc3339(nowMs);
  const { stoppedMs: _stopped, ...rest } = machine;
  writeMachines(api.store, { ...machines, [name]: { ...rest, bootMs: nowMs } });
  const node = asNode(api.get(NODES, undefined, name));
  api.updateStatus(NODES, { ...node, status: { ...node.status, conditions: readyConditions(now, node.status?.conditions ?? []) } });
  const lease = api.tryGet(LEASES, NODE_LEASE_NAMESPACE, name);
  if (lease) {
    const l = asLease(lease);
    api.update(LEASES, { ...l, spec: { ...l.spec, holderIdentity: name, renewTime: microTime(nowMs) } });
  } else {
    api.create(LEASES, NODE_LEASE_NAMESPACE, nodeLeaseObject(name, node.metadata.uid ?? '', nowMs));
  }
  wake(deps, name, nowMs);
}

/** `kubemu node remove`: the Node is deleted (its Lease goes with it, owned by it) and its machine with it. */
export function removeMachine(deps: PowerDeps, name: string): void {
  const { api } = deps;
  if (!api.tryGet(NODES, undefined, name)) throw notFound('nodes', '', name);
  const machines = readMachines(api.store);
  if (machines && machines[name]) {
    const { [name]: _gone, ...rest } = machines;
    writeMachines(api.store, rest);
  }
  api.delete(NODES, undefined, name);
}

/** The keys of the pods bound to a node (for the kubelet to start over after a boot). */
export function podKeysOn(api: ApiServer, node: string): string[] {
  return api
    .list(PODS, undefined, (o) => asPod(o).spec?.nodeName === node)
    .map((p) => objectKey(p.metadata.namespace, p.metadata.name ?? ''));
}
