import type { WatchEvent } from '../../apiserver/server.js';
import { findByKind, storagePrefix, type ResourceInfo } from '../../apiserver/resources.js';
import { StatusError, notFound } from '../../apiserver/errors.js';
import { objectJson } from '../../api/meta/v1.js';
import { controllerOf } from '../../api/meta/controller-of.js';
import { asHorizontalPodAutoscaler, type HorizontalPodAutoscaler } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import {
  asScaledObject,
  hpaNameOf,
  needsToPause,
  pausedReplicaCount,
  SCALED_OBJECT_DEFAULTS,
  SCALED_OBJECT_NAME_LABEL,
  TRIGGER_TYPE,
  type KedaCondition,
  type ScaledObject,
  type ScaledObjectStatus,
} from '../../api/keda/v1alpha1/scaled-object.js';
import { jsonEqual } from '../../common/json.js';
import { replicaCountError, triggersError } from '../../apiserver/keda-webhook.js';
import { type Controller, type ControllerContext, objectKey, splitKey } from '../framework/controller.js';
import { areInitialized, getCondition, initializedConditions, KEDA_CONDITION, KEDA_MESSAGE, KEDA_REASON, setCondition } from './conditions.js';
import { hpaForScaledObject, isDerivative, type ScaleTargetGvk } from './hpa-for-scaled-object.js';
import { metricNameWithIndex, metricSpecsFor } from './metric-specs.js';
import { metricSourceMetricName } from '../../apiserver/metrics/keda-external.js';
import { rfc3339 } from '../../sim/clock.js';

/** The event source of KEDA's operator. */
export const COMPONENT = 'keda-operator';

const SCALED_OBJECTS = findByKind('keda.sh/v1alpha1', 'ScaledObject')!;
const HPAS = findByKind('autoscaling/v2', 'HorizontalPodAutoscaler')!;
const SO_PREFIX = storagePrefix(SCALED_OBJECTS, undefined);

/**
 * The current value of a kubemu MetricSource (namespace, name), undefined when it has none:
 * what the operator's `kubemu-metric-source` scaler polls for the Active condition. Wired by
 * the control plane once the metrics work provides it; without it the Active condition of a
 * ScaledObject with such a trigger stays as it is.
 */
export type MetricSourceValue = (ctx: ControllerContext, namespace: string, name: string) => number | undefined;

/** A reconcile step that failed: the message KEDA's reconcile returns with the error. */
class ReconcileError extends Error {
  constructor(
    readonly msg: string,
    readonly detail: string,
  ) {
    super(`${msg}: ${detail}`);
  }
}

/**
 * KEDA's ScaledObject reconciler (controllers/keda/scaledobject_controller.go) and the part of
 * its scale loop that kubemu keeps (the Active condition). Keys: `namespace/name` of
 * ScaledObjects; the HPAs they own wake them when changed or deleted (Owns). One sync:
 *  - paused (autoscaling.keda.sh/paused-replicas, or paused: true): Paused True, the HPA
 *    deleted, the target scaled to the paused count through /scale, status.pausedReplicaCount;
 *  - otherwise (Paused False `ScaledObjectUnpaused` when it was paused): the
 *    scaledobject.keda.sh/name label, the target resolved (status.scaleTargetKind/GVKR,
 *    originalReplicaCount), replica bounds and triggers checked, status.triggersTypes, the
 *    owned HPA created, renamed or updated, status.hpaName/externalMetricNames/resourceMetricNames;
 *  - Ready True with the reconcile's message, or False `ScaledObjectCheckFailed` with
 *    `<msg>: <error>` (then Active Unknown, and the key retried with back-off, as
 *    controller-runtime requeues a failed reconcile); Fallback False `NoFallbackFound`.
 * Not emulated: fallback, restoreToOriginalReplicaCount and KEDA's finalizer, health, the
 * HPAActive condition.
 */
export function scaledObjectController(opts: { metricSourceValue?: MetricSourceValue } = {}): Controller {
  return {
    name: 'keda-operator',
    watches: [SCALED_OBJECTS, HPAS],
    keysFor(ev: WatchEvent): string[] {
      if (ev.key.startsWith(SO_PREFIX)) return [objectKey(ev.object.metadata.namespace, ev.object.metadata.name ?? '')];
      if (ev.type === 'ADDED') return [];
      const ref = controllerOf(ev.object);
      if (ref?.kind !== 'ScaledObject' || ref.apiVersion !== 'keda.sh/v1alpha1') return [];
      return [objectKey(ev.object.metadata.namespace, ref.name)];
    },
    sync(key: string, ctx: ControllerContext): void {
      const { namespace, name } = splitKey(key);
      const found = ctx.api.tryGet(SCALED_OBJECTS, namespace, name);
      if (!found || found.metadata.deletionTimestamp) return;
      syncScaledObject(asScaledObject(found), ctx, key, opts.metricSourceValue);
    },
  };
}

function syncScaledObject(initial: ScaledObject, ctx: ControllerContext, key: string, metricSourceValue: MetricSourceValue | undefined): void {
  let so = initial;
  const status: ScaledObjectStatus = structuredClone(so.status ?? {});
  const conditions: KedaCondition[] = areInitialized(status.conditions) ? structuredClone(status.conditions!) : initializedConditions();
  let failed: ReconcileError | undefined;
  let msg = '';
  try {
    const r = reconcile(so, status, conditions, ctx);
    so = r.so;
    msg = r.msg;
  } catch (e) {
    if (!(e instanceof ReconcileError)) throw e;
    failed = e;
  }
  if (failed) {
    setCondition(conditions, KEDA_CONDITION.Ready, 'False', KEDA_REASON.ScaledObjectCheckFailed, failed.message);
    setCondition(conditions, KEDA_CONDITION.Active, 'Unknown', KEDA_REASON.UnknownState, KEDA_MESSAGE.checkFailed);
    ctx.events.record({ involved: so, type: 'Warning', reason: KEDA_REASON.ScaledObjectCheckFailed, message: failed.message, component: COMPONENT });
  } else {
    if (getCondition(conditions, KEDA_CONDITION.Ready).status !== 'True') {
      ctx.events.record({ involved: so, type: 'Normal', reason: KEDA_REASON.ScaledObjectReady, message: KEDA_MESSAGE.readyEvent, component: COMPONENT });
    }
    setCondition(conditions, KEDA_CONDITION.Ready, 'True', KEDA_REASON.ScaledObjectReady, msg);
    if (getCondition(conditions, KEDA_CONDITION.Paused).status !== 'True') scaleLoop(so, status, conditions, ctx, key, metricSourceValue);
  }
  setCondition(conditions, KEDA_CONDITION.Fallback, 'False', KEDA_REASON.NoFallbackFound, KEDA_MESSAGE.noFallback);
  status.conditions = conditions;
  writeStatus(so, status, ctx);
  // controller-runtime requeues a failed reconcile with its rate limiter's back-off; a StatusError
  // so that the framework takes it for a refused operation, not for a bug of the controller
  if (failed) throw new StatusError('InternalError', 500, failed.message);
}

/** reconcileScaledObject: the message of a good reconcile; a ReconcileError otherwise. The status is updated in place. */
function reconcile(so: ScaledObject, status: ScaledObjectStatus, conditions: KedaCondition[], ctx: ControllerContext): { so: ScaledObject; msg: string } {
  const pausedInStatus = getCondition(conditions, KEDA_CONDITION.Paused).status === 'True';
  if (needsToPause(so)) return { so, msg: handlePause(so, status, conditions, pausedInStatus, ctx) };
  if (pausedInStatus) {
    setCondition(conditions, KEDA_CONDITION.Paused, 'False', KEDA_REASON.ScaledObjectUnpaused, KEDA_MESSAGE.unpaused);
    ctx.events.record({ involved: so, type: 'Normal', reason: KEDA_REASON.ScaledObjectUnpaused, message: KEDA_MESSAGE.unpaused, component: COMPONENT });
    delete status.pausedReplicaCount;
  }
  if (!so.spec.scaleTargetRef?.name) throw new ReconcileError(KEDA_MESSAGE.scaleTargetErr, 'ScaledObject.spec.scaleTargetRef.name is missing');
  so = ensureScaledObjectLabel(so, ctx);
  const target = checkTargetResourceIsScalable(so, status, ctx);
  const bounds = replicaCountError(so);
  if (bounds) throw new ReconcileError("ScaledObject doesn't have correct Idle/Min/Max Replica Counts specification", bounds);
  const triggers = triggersError(so);
  if (triggers) throw new ReconcileError("ScaledObject doesn't have correct triggers specification", triggers);
  status.triggersTypes = [...new Set(so.spec.triggers.map((t) => t.type))].join(',');
  status.authenticationsTypes = '';
  ensureHpa(so, status, target, ctx);
  return { so, msg: KEDA_MESSAGE.ready };
}

/** handlePause: Paused True, the HPA deleted, the target at the paused count (when one is given). */
function handlePause(so: ScaledObject, status: ScaledObjectStatus, conditions: KedaCondition[], pausedInStatus: boolean, ctx: ControllerContext): string {
  if (!pausedInStatus) {
    setCondition(conditions, KEDA_CONDITION.Paused, 'True', KEDA_REASON.ScaledObjectPaused, KEDA_MESSAGE.paused);
    ctx.events.record({ involved: so, type: 'Normal', reason: KEDA_REASON.ScaledObjectPaused, message: KEDA_MESSAGE.paused, component: COMPONENT });
  }
  const hpaName = status.hpaName || hpaNameOf(so);
  if (ctx.api.tryGet(HPAS, so.metadata.namespace, hpaName)) ctx.api.delete(HPAS, so.metadata.namespace, hpaName);
  const count = pausedReplicaCount(so);
  if (count instanceof Error) throw new ReconcileError('failed to scale target to paused replica count', `failed to parse paused replica count: ${count.message}`);
  if (count !== undefined) {
    const info = targetInfo(so);
    if (!info) throw new ReconcileError('failed to scale target to paused replica count', `no matches for kind "${so.spec.scaleTargetRef.kind || 'Deployment'}" in version "${so.spec.scaleTargetRef.apiVersion || 'apps/v1'}"`);
    let scale;
    try {
      scale = ctx.api.getScale(info, so.metadata.namespace, so.spec.scaleTargetRef.name);
    } catch (e) {
      if (e instanceof StatusError) throw new ReconcileError('failed to scale target to paused replica count', e.message);
      throw e;
    }
    if (scale.spec?.replicas !== count) ctx.api.updateScale(info, so.metadata.namespace, so.spec.scaleTargetRef.name, { replicas: count });
    status.pausedReplicaCount = count;
  } else delete status.pausedReplicaCount;
  setCondition(conditions, KEDA_CONDITION.Paused, 'True', KEDA_REASON.ScaledObjectPaused, KEDA_MESSAGE.paused);
  return KEDA_MESSAGE.paused;
}

/** ensureScaledObjectLabel: scaledobject.keda.sh/name=NAME on the ScaledObject (how the metrics adapter finds it). */
function ensureScaledObjectLabel(so: ScaledObject, ctx: ControllerContext): ScaledObject {
  const name = so.metadata.name ?? '';
  if (so.metadata.labels?.[SCALED_OBJECT_NAME_LABEL] === name) return so;
  const updated = ctx.api.update(SCALED_OBJECTS, { ...so, metadata: { ...so.metadata, labels: { ...(so.metadata.labels ?? {}), [SCALED_OBJECT_NAME_LABEL]: name } } });
  return asScaledObject(updated);
}

/** ParseGVKR's defaults: apps/v1, Deployment. */
function targetGvk(so: ScaledObject): ScaleTargetGvk {
  const apiVersion = so.spec.scaleTargetRef.apiVersion || 'apps/v1';
  const slash = apiVersion.indexOf('/');
  return { group: slash < 0 ? '' : apiVersion.slice(0, slash), version: slash < 0 ? apiVersion : apiVersion.slice(slash + 1), kind: so.spec.scaleTargetRef.kind || 'Deployment' };
}

function targetInfo(so: ScaledObject): ResourceInfo | undefined {
  const gvk = targetGvk(so);
  return findByKind(gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version, gvk.kind);
}

/** checkTargetResourceIsScalable: the target exists and serves /scale; its kind and first replica count go to the status. */
function checkTargetResourceIsScalable(so: ScaledObject, status: ScaledObjectStatus, ctx: ControllerContext): ScaleTargetGvk {
  const gvk = targetGvk(so);
  const info = targetInfo(so);
  const apiVersion = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
  if (!info) throw new ReconcileError(KEDA_MESSAGE.scaleTargetErr, `no matches for kind "${gvk.kind}" in version "${apiVersion}"`);
  const name = so.spec.scaleTargetRef.name;
  const target = ctx.api.tryGet(info, so.metadata.namespace, name);
  if (!target) throw new ReconcileError(KEDA_MESSAGE.scaleTargetErr, notFound(info.resource, info.group, name).message);
  if (!info.hasScale) throw new ReconcileError(KEDA_MESSAGE.scaleTargetErr, 'the server could not find the requested resource');
  const gvkString = `${gvk.group}/${gvk.version}.${gvk.kind}`;
  if (status.scaleTargetKind !== gvkString) {
    status.scaleTargetKind = gvkString;
    status.scaleTargetGVKR = { group: gvk.group, version: gvk.version, kind: gvk.kind, resource: info.resource };
  }
  if (status.originalReplicaCount === undefined) status.originalReplicaCount = ctx.api.getScale(info, so.metadata.namespace, name).spec?.replicas ?? 0;
  return gvk;
}

/** ensureHPAForScaledObjectExists: created when missing (or renamed), updated when its spec, labels or annotations drifted. */
function ensureHpa(so: ScaledObject, status: ScaledObjectStatus, target: ScaleTargetGvk, ctx: ControllerContext): void {
  let metrics;
  try {
    metrics = metricSpecsFor(so);
  } catch (e) {
    throw new ReconcileError('failed to ensure HPA is correctly created for ScaledObject', e instanceof Error ? e.message : String(e));
  }
  if (metrics.externalMetricNames.length) status.externalMetricNames = metrics.externalMetricNames;
  else delete status.externalMetricNames;
  if (metrics.resourceMetricNames.length) status.resourceMetricNames = metrics.resourceMetricNames;
  else delete status.resourceMetricNames;
  const desired = hpaForScaledObject(so, target, metrics.specs);
  const ns = so.metadata.namespace;
  const existingName = status.hpaName || desired.metadata.name!;
  const existing = ctx.api.tryGet(HPAS, ns, existingName);
  if (existing && existing.metadata.name !== desired.metadata.name) ctx.api.delete(HPAS, ns, existingName);
  if (!existing || existing.metadata.name !== desired.metadata.name) {
    try {
      ctx.api.create(HPAS, ns, desired);
    } catch (e) {
      if (e instanceof StatusError) throw new ReconcileError('failed to ensure HPA is correctly created for ScaledObject', e.message);
      throw e;
    }
    ctx.events.record({ involved: so, type: 'Normal', reason: 'KEDAScalersStarted', message: KEDA_MESSAGE.scalersStarted, component: COMPONENT });
  } else updateHpaIfNeeded(desired, asHorizontalPodAutoscaler(existing), ctx);
  status.hpaName = desired.metadata.name!;
}

/** updateHPAIfNeeded: KEDA's comparisons (metrics count, behavior exactly, the rest as DeepDerivative). */
function updateHpaIfNeeded(desired: HorizontalPodAutoscaler, found: HorizontalPodAutoscaler, ctx: ControllerContext): void {
  const same =
    (desired.spec.metrics?.length ?? 0) === (found.spec.metrics?.length ?? 0) &&
    jsonEqual(desired.spec.behavior ? objectJson(desired.spec.behavior) : null, found.spec.behavior ? objectJson(found.spec.behavior) : null) &&
    isDerivative(desired.spec, found.spec) &&
    isDerivative(desired.metadata.labels, found.metadata.labels) &&
    !(desired.metadata.annotations === undefined && found.metadata.annotations !== undefined) &&
    isDerivative(desired.metadata.annotations, found.metadata.annotations);
  if (same) return;
  const metadata = { ...found.metadata, labels: desired.metadata.labels, ownerReferences: desired.metadata.ownerReferences };
  if (desired.metadata.annotations) metadata.annotations = desired.metadata.annotations;
  else delete metadata.annotations;
  ctx.api.update(HPAS, { ...found, metadata, spec: desired.spec });
}

/**
 * The scale loop (pkg/scaling/executor RequestScale), run at each sync and, while a trigger can
 * change, every pollingInterval:
 *  - active (any trigger: a cpu-only ScaledObject always is, getScaledObjectState; a
 *    kubemu-metric-source while its value is above 0, activationValue's default): Active True;
 *    a target at 0 (or below minReplicaCount with an idleReplicaCount) is scaled to
 *    max(minReplicaCount, 1), event KEDAScaleTargetActivated `Scaled apps/v1.Deployment NS/NAME
 *    from 0 to 1, triggered by s0-metricsource-lag`; otherwise status.lastActiveTime is now;
 *  - not active: Active False ScalerNotActive; with minReplicaCount 0 (or an idleReplicaCount
 *    below the current count) the target goes to 0 (idleReplicaCount) once cooldownPeriod has
 *    passed since lastActiveTime (initialCooldownPeriod, 0, since creation when never active),
 *    event KEDAScaleTargetDeactivated `Deactivated apps/v1.Deployment NS/NAME from 3 to 0`;
 *    before that Active False ScalerCooldown.
 * lastActiveTime is written only for a ScaledObject that can scale to zero or idle (where it is
 * read): KEDA writes it at every active poll, which would be a write every 30 s for nothing.
 * Without a MetricSource reader a kubemu-metric-source trigger's activity is unknown: the Active
 * condition is left as it is and nothing is scaled.
 */
function scaleLoop(so: ScaledObject, status: ScaledObjectStatus, conditions: KedaCondition[], ctx: ControllerContext, key: string, metricSourceValue: MetricSourceValue | undefined): void {
  const external = so.spec.triggers.map((t, i) => ({ t, i })).filter(({ t }) => t.type !== TRIGGER_TYPE.cpu);
  // cpu-only: always active, and no external metric to name as the trigger
  let active = true;
  let activeTriggers: string[] = [];
  if (external.length && metricSourceValue) {
    // KEDA's scale loop is a ticker of pollingInterval, started with the ScaledObject: a
    // reconcile woken by a watch event (its HPA written, the target rescaled) polls nothing.
    // kubemu's ticks fall on a grid from the creation; the sync of each tick asks for the next,
    // and the loop's first tick is at once (Active still Unknown).
    const intervalMs = (so.spec.pollingInterval ?? SCALED_OBJECT_DEFAULTS.pollingInterval) * 1000;
    const offGrid = (ctx.clock.now() - Date.parse(so.metadata.creationTimestamp ?? '')) % intervalMs;
    ctx.requeueAfter(key, intervalMs - offGrid);
    if (offGrid !== 0 && getCondition(conditions, KEDA_CONDITION.Active).status !== 'Unknown') return;
    activeTriggers = external
      .filter(({ t }) => (metricSourceValue(ctx, so.metadata.namespace ?? '', t.metadata?.['metricSource'] ?? '') ?? 0) > 0)
      .map(({ t, i }) => metricNameWithIndex(i, metricSourceMetricName(t.metadata?.['metricSource'] ?? '')));
    active = activeTriggers.length > 0;
  } else if (external.length) return;
  const info = targetInfo(so);
  if (!info) return;
  const ns = so.metadata.namespace;
  const name = so.spec.scaleTargetRef.name;
  const current = ctx.api.getScale(info, ns, name).spec?.replicas ?? 0;
  const min = so.spec.minReplicaCount ?? 0;
  const idle = so.spec.idleReplicaCount;
  const canIdle = min === 0 || idle !== undefined;
  const kind = status.scaleTargetKind ?? '';
  const nowMs = ctx.clock.now();
  if (active) {
    setCondition(conditions, KEDA_CONDITION.Active, 'True', KEDA_REASON.ScalerActive, KEDA_MESSAGE.active);
    if ((idle !== undefined && current < min) || current === 0) {
      const to = min > 0 ? min : 1;
      ctx.api.updateScale(info, ns, name, { replicas: to });
      ctx.events.record({ involved: so, type: 'Normal', reason: 'KEDAScaleTargetActivated', message: `Scaled ${kind} ${ns}/${name} from ${current} to ${to}, triggered by ${activeTriggers.join(';')}`, component: COMPONENT });
    } else if (canIdle) status.lastActiveTime = rfc3339(nowMs);
    return;
  }
  setCondition(conditions, KEDA_CONDITION.Active, 'False', KEDA_REASON.ScalerNotActive, KEDA_MESSAGE.notActive);
  if (!((idle !== undefined && current > idle) || (current > 0 && min === 0))) return;
  const since = status.lastActiveTime ? Date.parse(status.lastActiveTime) : Date.parse(so.metadata.creationTimestamp ?? '');
  const cooldownMs = (status.lastActiveTime ? (so.spec.cooldownPeriod ?? SCALED_OBJECT_DEFAULTS.cooldownPeriod) : (so.spec.initialCooldownPeriod ?? 0)) * 1000;
  // time.Before: strictly after the cooldown's end
  if (since + cooldownMs < nowMs) {
    const to = idle ?? 0;
    ctx.api.updateScale(info, ns, name, { replicas: to });
    ctx.events.record({ involved: so, type: 'Normal', reason: 'KEDAScaleTargetDeactivated', message: `Deactivated ${kind} ${ns}/${name} from ${current} to ${to}`, component: COMPONENT });
  } else setCondition(conditions, KEDA_CONDITION.Active, 'False', 'ScalerCooldown', 'Scaler cooling down because triggers are not active');
}

/** The status in KEDA's field order, written only when it changed. */
function writeStatus(so: ScaledObject, status: ScaledObjectStatus, ctx: ControllerContext): void {
  const ordered: ScaledObjectStatus = {};
  const keys: (keyof ScaledObjectStatus)[] = [
    'scaleTargetKind',
    'scaleTargetGVKR',
    'originalReplicaCount',
    'lastActiveTime',
    'externalMetricNames',
    'resourceMetricNames',
    'conditions',
    'pausedReplicaCount',
    'hpaName',
    'triggersTypes',
    'authenticationsTypes',
  ];
  for (const k of keys) if (status[k] !== undefined) (ordered as Record<string, unknown>)[k] = status[k];
  if (jsonEqual(objectJson(so.status ?? {}), objectJson(ordered))) return;
  const fresh = ctx.api.tryGet(SCALED_OBJECTS, so.metadata.namespace, so.metadata.name ?? '');
  if (!fresh) return;
  ctx.api.updateStatus(SCALED_OBJECTS, { ...fresh, status: ordered });
}
