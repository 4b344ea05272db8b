import type { ControllerContext } from '../framework/controller.js';
import { addAfter, readQuarantine, writeQuarantine } from './quarantine.js';

/** The controller's name in kube-controller-manager (names.PodGarbageCollectorController): its timer queue too. */
export const POD_GC_CONTROLLER = 'pod-garbage-collector-controller';

/** The one work-queue key: a gc() pass at the instant its timer fires. */
export const PASS = 'gc';

/** A pass at dueMs: in this step when that is now (the key to queue), else a timer. */
export function passAt(ctx: ControllerContext, dueMs: number): string[] {
  if (dueMs <= ctx.clock.now()) return [PASS];
  ctx.timers.schedule({ queue: POD_GC_CONTROLLER, key: PASS, dueMs });
  return [];
}

/** The node goes into quarantine until readyMs (unless it waits already); the pass that ends it is scheduled. */
export function quarantineNode(ctx: ControllerContext, node: string, readyMs: number): string[] {
  const q = readQuarantine(ctx.state);
  if (!addAfter(q, node, readyMs)) return [];
  writeQuarantine(ctx.state, q);
  return passAt(ctx, readyMs);
}
