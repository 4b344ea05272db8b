/**
 * kube-controller-manager's horizontal pod autoscaler controller (pkg/controller/podautoscaler).
 *
 * Each HPA is reconciled every sync period (15 s): upstream's work queue re-adds every key with
 * a fixed 15 s delay after each sync and after each event (NewDefaultHPARateLimiter), so its
 * syncs fall on one grid. Here that grid starts at the HPA's creation: an event of the HPA sets
 * the timer of the next grid instant (the same timer again for every event: one wake-up), and
 * each sync sets the one after. A sync whose outcome matches the stored status writes nothing:
 * no status, no event, no memory (recommendations.ts keeps runs of equal recommendations as one
 * segment), and reads only the HPA, the target's scale, its pods and the metrics.
 */
import type { WatchEvent } from '../../apiserver/server.js';
import type { ApiServer } from '../../apiserver/server.js';
import { findByKind, storagePrefix } from '../../apiserver/resources.js';
import { metricsReader } from '../../apiserver/metrics/metrics-reader.js';
import { asHorizontalPodAutoscaler, type HorizontalPodAutoscaler } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { asPod } from '../../api/core/v1/pod.js';
import { type Controller, type ControllerContext, objectKey, splitKey } from '../framework/controller.js';
import { DEFAULT_SETTINGS, type HpaControllerSettings } from './defaults.js';
import type { HpaMetricsSource } from './metrics-client.js';
import type { HpaMemory } from './recommendations.js';
import { reconcileAutoscaler } from './reconcile.js';
import type { SyncState } from './sync-state.js';

/** names.HorizontalPodAutoscalerController: the controller's work queue. */
export const HPA_CONTROLLER = 'horizontal-pod-autoscaler-controller';
/** The source of its events. */
export const COMPONENT = 'horizontal-pod-autoscaler';

const HPAS = findByKind('autoscaling/v2', 'HorizontalPodAutoscaler')!;
const PODS = findByKind('v1', 'Pod')!;
const HPAS_PREFIX = storagePrefix(HPAS, undefined);

export interface HpaControllerOptions {
  /** where metrics are read (default: metricsReader(api), the metrics APIs kubemu serves) */
  reader?: (api: ApiServer) => HpaMetricsSource;
  settings?: Partial<HpaControllerSettings>;
}

function memoryKey(key: string): string {
  return `hpa:${key}`;
}

/** The first instant of the HPA's sync grid after now. */
export function nextSyncAt(createdMs: number, nowMs: number, periodMs: number): number {
  if (nowMs < createdMs) return createdMs + periodMs;
  return createdMs + (Math.floor((nowMs - createdMs) / periodMs) + 1) * periodMs;
}

function createdMs(hpa: HorizontalPodAutoscaler, fallback: number): number {
  const t = hpa.metadata.creationTimestamp ? Date.parse(hpa.metadata.creationTimestamp) : NaN;
  return Number.isNaN(t) ? fallback : t;
}

export function horizontalPodAutoscalerController(opts: HpaControllerOptions = {}): Controller {
  const settings: HpaControllerSettings = { ...DEFAULT_SETTINGS, ...opts.settings };
  const readerFor = opts.reader ?? ((api: ApiServer) => metricsReader(api));
  let reader: { api: ApiServer; reader: HpaMetricsSource } | undefined;
  const readerOf = (api: ApiServer): HpaMetricsSource => {
    if (!reader || reader.api !== api) reader = { api, reader: readerFor(api) };
    return reader.reader;
  };
  const schedule = (ctx: ControllerContext, key: string, hpa: HorizontalPodAutoscaler) => {
    const now = ctx.clock.now();
    ctx.timers.schedule({ queue: HPA_CONTROLLER, key, dueMs: nextSyncAt(createdMs(hpa, now), now, settings.syncPeriodMs) });
  };

  return {
    name: HPA_CONTROLLER,
    watches: [HPAS],
    keysFor(ev: WatchEvent, ctx: ControllerContext): string[] {
      if (!ev.key.startsWith(HPAS_PREFIX) || ev.type === 'DELETED') return [];
      const hpa = asHorizontalPodAutoscaler(ev.object);
      schedule(ctx, objectKey(hpa.metadata.namespace, hpa.metadata.name ?? ''), hpa);
      return [];
    },
    sync(key: string, ctx: ControllerContext): void {
      const { namespace = '', name } = splitKey(key);
      const found = ctx.api.tryGet(HPAS, namespace, name);
      if (!found) {
        // reconcileKey's NotFound: the recommendations and scale events go.
        if (ctx.state.text(memoryKey(key)) !== undefined) ctx.state.delete(memoryKey(key));
        return;
      }
      const hpa = asHorizontalPodAutoscaler(found);
      schedule(ctx, key, hpa);
      const api = ctx.api;
      const s: SyncState = {
        hpa,
        namespace,
        settings,
        tolerances: { scaleDown: settings.tolerance, scaleUp: settings.tolerance },
        nowMs: ctx.clock.now(),
        conditions: [...(hpa.status?.conditions ?? [])],
        reader: readerOf(api),
        pods: () => [],
        listPods: (selector) => ctx.api.listSelected(PODS, namespace, selector).map(asPod),
        event: (type, reason, message) => ctx.events.record({ involved: hpa, type, reason, message, component: COMPONENT }),
        now: () => ctx.api.now(),
      };
      const result = reconcileAutoscaler(s, { api, memory: ctx.state.peek<HpaMemory>(memoryKey(key)) as HpaMemory | undefined });
      if (result.memory) ctx.state.keep(memoryKey(key), result.memory);
      if (result.status) {
        const latest = ctx.api.tryGet(HPAS, namespace, name);
        if (latest) ctx.api.updateStatus(HPAS, { ...latest, metadata: { ...latest.metadata }, status: result.status });
      }
      if (result.afterStatus) s.event(result.afterStatus.type, result.afterStatus.reason, result.afterStatus.message);
    },
  };
}
