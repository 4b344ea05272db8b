import type { KubeObject } from '../../api/meta/v1.js';
import type { ControllerContext } from '../framework/controller.js';
import { currentMachines, isRunning, machineOf } from './machines.js';
import { podKeysOn } from './machine-power.js';

/** The kubelet's events when it comes up, in the order a kubelet records them. */
function startupEvents(node: string): { reason: string; message: string }[] {
  const status = (s: string) => ({ reason: s, message: `Node ${node} status is now: ${s}` });
  return [
    { reason: 'Starting', message: 'Starting kubelet.' },
    status('NodeHasSufficientMemory'),
    status('NodeHasNoDiskPressure'),
    status('NodeHasSufficientPID'),
    { reason: 'NodeAllocatableEnforced', message: 'Updated Node Allocatable limit across pods' },
    status('NodeReady'),
  ];
}

/**
 * A machine came up (`kubemu node add|start`, machine-power.ts, which already posted its status
 * and lease): its kubelet's events about the Node (a reference whose uid is the node's name, as
 * the kubelet's nodeRef has it), and a sync of every pod bound to it, which starts each over
 * (controller.ts afterReboot).
 */
export function syncMachine(node: string, ctx: ControllerContext): void {
  if (!isRunning(machineOf(currentMachines(ctx.api.store), node))) return;
  const ref: KubeObject = { apiVersion: 'v1', kind: 'Node', metadata: { name: node, uid: node } };
  for (const e of startupEvents(node)) ctx.events.record({ involved: ref, type: 'Normal', reason: e.reason, message: e.message, component: 'kubelet', host: node });
  for (const key of podKeysOn(ctx.api, node)) ctx.requeueAfter(key, 0);
}
