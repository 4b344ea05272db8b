/**
 * horizontal.go's computeReplicasForMetrics and computeStatusFor*Metric: each metric's proposal
 * and status, the highest proposal, and the conditions and events of failures — upstream's
 * error texts, wrapped as they are there.
 */
import type { LabelSelector } from '../../labels/label-selector.js';
import { labelSelectorAsSelector, type Selector } from '../../labels/label-selector.js';
import type { MetricSpec, MetricStatus, MetricTarget, MetricValueStatus } from '../../api/autoscaling/v2/horizontal-pod-autoscaler.js';
import { labelSelectorGoString } from '../disruption/selector-text.js';
import { HpaError, errorText } from './hpa-error.js';
import { externalMetric, objectMetric, podsMetric, resourceMetric } from './metrics-client.js';
import { milliQuantity, milliValue } from './quantity.js';
import { perPodReplicas, plainMetricReplicas, resourceReplicas, sumValues, usageRatioReplicaCount } from './replica-calculator.js';
import { condition, type SyncState } from './sync-state.js';

interface Proposal {
  replicas: number;
  metric: string;
  status: MetricStatus;
}

/** A metric's failure: the ScalingActive condition it proposes, and its error. */
class MetricFailure extends HpaError {
  constructor(
    message: string,
    readonly reason: string,
    readonly conditionMessage: string,
  ) {
    super(message);
  }
}

/** getUnableComputeReplicaCountCondition: the Warning event now, the condition for later. */
function unable(s: SyncState, reason: string, err: unknown, wrapped?: string): MetricFailure {
  const text = errorText(err);
  s.event('Warning', reason, text);
  return new MetricFailure(wrapped ?? text, reason, `the HPA was unable to compute the replica count: ${text}`);
}

/** A failure wrapped again on its way out (fmt.Errorf("...: %w", err)). */
function rewrap(e: unknown, prefix: string): never {
  if (e instanceof MetricFailure) throw new MetricFailure(`${prefix}${e.message}`, e.reason, e.conditionMessage);
  throw e;
}

function selectorOf(sel: LabelSelector | null | undefined): Selector {
  return labelSelectorAsSelector(sel ?? null);
}

function readiness(s: SyncState) {
  return { nowMs: s.nowMs, cpuInitializationPeriodMs: s.settings.cpuInitializationPeriodMs, delayOfInitialReadinessStatusMs: s.settings.delayOfInitialReadinessStatusMs };
}

function resourceGeneric(s: SyncState, specReplicas: number, target: MetricTarget, resource: string, container: string, podSelector: Selector, containerSource: boolean) {
  if (target.averageValue !== undefined) {
    try {
      let metrics;
      try {
        metrics = resourceMetric(s.reader, resource, s.namespace, podSelector, container);
      } catch (e) {
        throw new HpaError(`unable to get metrics for resource ${resource}: ${errorText(e)}`);
      }
      const r = plainMetricReplicas(metrics, specReplicas, milliValue(target.averageValue) ?? 0, s.tolerances, s.pods(), resource, readiness(s));
      return { replicas: r.replicas, metric: `${resource} resource`, current: { averageValue: quantityOf(resource, r.usage) } };
    } catch (e) {
      throw new HpaError(`failed to get ${resource} usage: ${errorText(e)}`);
    }
  }
  if (target.averageUtilization === undefined) {
    throw new HpaError('invalid resource metric source: neither an average utilization target nor an average value (usage) target was set');
  }
  try {
    let metrics;
    try {
      metrics = resourceMetric(s.reader, resource, s.namespace, podSelector, container);
    } catch (e) {
      throw new HpaError(`unable to get metrics for resource ${resource}: ${errorText(e)}`);
    }
    const r = resourceReplicas(specReplicas, target.averageUtilization, resource, s.tolerances, s.pods(), metrics, container, readiness(s));
    const metric = containerSource ? `${resource} container resource utilization (percentage of request)` : `${resource} resource utilization (percentage of request)`;
    return { replicas: r.replicas, metric, current: { averageValue: quantityOf(resource, r.rawUtilization), averageUtilization: r.utilization } };
  } catch (e) {
    throw new HpaError(`failed to get ${resource} utilization: ${errorText(e)}`);
  }
}

/** buildQuantity: memory in BinarySI (as metrics-server writes it), the rest DecimalSI. */
function quantityOf(resource: string, milli: number): string {
  return milliQuantity(milli, resource === 'memory' ? 'BinarySI' : 'DecimalSI');
}

function computeForMetric(s: SyncState, spec: MetricSpec, specReplicas: number, statusReplicas: number, podSelector: Selector): Proposal {
  switch (spec.type) {
    case 'Object': {
      const src = spec.object!;
      let metricSelector: Selector;
      try {
        metricSelector = selectorOf(src.metric.selector);
      } catch (e) {
        throw unable(s, 'FailedGetObjectMetric', e, `failed to get object metric value: ${errorText(e)}`);
      }
      try {
        return objectProposal(s, spec, specReplicas, statusReplicas, podSelector, metricSelector);
      } catch (e) {
        return rewrap(e, 'failed to get object metric value: ');
      }
    }
    case 'Pods': {
      const src = spec.pods!;
      let metricSelector: Selector;
      try {
        metricSelector = selectorOf(src.metric.selector);
      } catch (e) {
        throw unable(s, 'FailedGetPodsMetric', e, `failed to get pods metric value: ${errorText(e)}`);
      }
      try {
        let r;
        try {
          let metrics;
          try {
            metrics = podsMetric(s.reader, src.metric.name, s.namespace, podSelector, metricSelector);
          } catch (e) {
            throw new HpaError(`unable to get metric ${src.metric.name}: ${errorText(e)}`);
          }
          r = plainMetricReplicas(metrics, specReplicas, milliValue(src.target.averageValue) ?? 0, s.tolerances, s.pods(), '', readiness(s));
        } catch (e) {
          throw unable(s, 'FailedGetPodsMetric', e);
        }
        return {
          replicas: r.replicas,
          metric: `pods metric ${src.metric.name}`,
          status: { type: 'Pods', pods: { metric: identifier(src.metric.name, src.metric.selector), current: { averageValue: milliQuantity(r.usage) } } },
        };
      } catch (e) {
        return rewrap(e, 'failed to get pods metric value: ');
      }
    }
    case 'Resource': {
      const src = spec.resource!;
      try {
        let r;
        try {
          r = resourceGeneric(s, specReplicas, src.target, src.name, '', podSelector, false);
        } catch (e) {
          throw unable(s, 'FailedGetResourceMetric', e);
        }
        return { replicas: r.replicas, metric: r.metric, status: { type: 'Resource', resource: { name: src.name, current: r.current } } };
      } catch (e) {
        return rewrap(e, `failed to get ${src.name} resource metric value: `);
      }
    }
    case 'ContainerResource': {
      const src = spec.containerResource!;
      try {
        let r;
        try {
          r = resourceGeneric(s, specReplicas, src.target, src.name, src.container, podSelector, true);
        } catch (e) {
          throw unable(s, 'FailedGetContainerResourceMetric', e);
        }
        return { replicas: r.replicas, metric: r.metric, status: { type: 'ContainerResource', containerResource: { name: src.name, current: r.current, container: src.container } } };
      } catch (e) {
        return rewrap(e, `failed to get ${src.container} container metric value: `);
      }
    }
    case 'External': {
      const src = spec.external!;
      try {
        return externalProposal(s, spec, specReplicas, statusReplicas, podSelector);
      } catch (e) {
        return rewrap(e, `failed to get ${src.metric.name} external metric value: `);
      }
    }
    default: {
      const err = new HpaError(`unknown metric source type "${spec.type}"`);
      throw unable(s, 'InvalidMetricSourceType', err);
    }
  }
}

function identifier(name: string, selector: LabelSelector | null | undefined) {
  return selector ? { name, selector } : { name };
}

function objectProposal(s: SyncState, spec: MetricSpec, specReplicas: number, statusReplicas: number, podSelector: Selector, metricSelector: Selector): Proposal {
  const src = spec.object!;
  const ref = src.describedObject;
  // ObjectMetricStatus in Go field order: metric, current, describedObject.
  const status = (current: MetricValueStatus): MetricStatus => ({
    type: 'Object',
    object: { metric: identifier(src.metric.name, src.metric.selector), current, describedObject: ref },
  });
  const read = (): number => {
    try {
      return objectMetric(s.reader, src.metric.name, s.namespace, ref, metricSelector);
    } catch (e) {
      throw new HpaError(`unable to get metric ${src.metric.name} on ${ref.kind} ${s.namespace}/${ref.name}: ${errorText(e)}`);
    }
  };
  if (src.target.type === 'Value' && src.target.value !== undefined) {
    let replicas: number;
    let usage: number;
    try {
      usage = read();
      replicas = usageRatioReplicaCount(specReplicas, usage / (milliValue(src.target.value) ?? 0), s.tolerances, () => s.pods());
    } catch (e) {
      throw unable(s, 'FailedGetObjectMetric', e);
    }
    return { replicas, metric: `${ref.kind} metric ${src.metric.name}`, status: status({ value: milliQuantity(usage) }) };
  }
  if (src.target.type === 'AverageValue' && src.target.averageValue !== undefined) {
    let r;
    try {
      r = perPodReplicas(statusReplicas, read(), milliValue(src.target.averageValue) ?? 0, s.tolerances);
    } catch (e) {
      throw unable(s, 'FailedGetObjectMetric', e, `failed to get ${src.metric.name} object metric: ${errorText(e)}`);
    }
    return {
      replicas: r.replicas,
      metric: `external metric ${src.metric.name}(${labelSelectorGoString(src.metric.selector)})`,
      status: status({ averageValue: milliQuantity(r.usage) }),
    };
  }
  throw unable(s, 'FailedGetObjectMetric', new HpaError('invalid object metric source: neither a value target nor an average value target was set'));
}

function externalProposal(s: SyncState, spec: MetricSpec, specReplicas: number, statusReplicas: number, podSelector: Selector): Proposal {
  const src = spec.external!;
  const name = src.metric.name;
  const goSel = labelSelectorGoString(src.metric.selector);
  const metricName = `external metric ${name}(${goSel})`;
  const values = (): number[] => {
    const sel = selectorOf(src.metric.selector);
    try {
      return externalMetric(s.reader, name, s.namespace, sel);
    } catch (e) {
      throw new HpaError(`unable to get external metric ${s.namespace}/${name}/${goSel}: ${errorText(e)}`);
    }
  };
  if (src.target.averageValue !== undefined) {
    let r;
    try {
      r = perPodReplicas(statusReplicas, sumValues(values()), milliValue(src.target.averageValue) ?? 0, s.tolerances);
    } catch (e) {
      throw unable(s, 'FailedGetExternalMetric', e, `failed to get ${name} external metric: ${errorText(e)}`);
    }
    return { replicas: r.replicas, metric: metricName, status: { type: 'External', external: { metric: identifier(name, src.metric.selector), current: { averageValue: milliQuantity(r.usage) } } } };
  }
  if (src.target.value !== undefined) {
    let replicas: number;
    let usage: number;
    try {
      usage = sumValues(values());
      replicas = usageRatioReplicaCount(specReplicas, usage / (milliValue(src.target.value) ?? 0), s.tolerances, () => s.pods());
    } catch (e) {
      throw unable(s, 'FailedGetExternalMetric', e, `failed to get external metric ${name}: ${errorText(e)}`);
    }
    return { replicas, metric: metricName, status: { type: 'External', external: { metric: identifier(name, src.metric.selector), current: { value: milliQuantity(usage) } } } };
  }
  const err = new HpaError('invalid external metric source: neither a value target nor an average value target was set');
  throw unable(s, 'FailedGetExternalMetric', err);
}

export interface MetricsOutcome {
  /** -1: nothing can be done (upstream's failure signal) */
  replicas: number;
  metric: string;
  statuses: MetricStatus[] | undefined;
  error?: string;
}

/** computeReplicasForMetrics. */
export function computeReplicasForMetrics(s: SyncState, specs: readonly MetricSpec[], scaleSelector: string | undefined, specReplicas: number, statusReplicas: number, podSelector: () => Selector): MetricsOutcome {
  if (!scaleSelector) {
    s.event('Warning', 'SelectorRequired', 'selector is required');
    condition(s, 'ScalingActive', 'False', 'InvalidSelector', "the HPA target's scale is missing a selector");
    return { replicas: -1, metric: '', statuses: undefined, error: 'selector is required' };
  }
  let selector: Selector;
  try {
    selector = podSelector();
  } catch (e) {
    const msg = `couldn't convert selector into a corresponding internal selector object: ${errorText(e)}`;
    s.event('Warning', 'InvalidSelector', msg);
    condition(s, 'ScalingActive', 'False', 'InvalidSelector', msg);
    return { replicas: -1, metric: '', statuses: undefined, error: msg };
  }
  const statuses: MetricStatus[] = specs.map(() => ({ type: '' }));
  let invalid = 0;
  let first: MetricFailure | undefined;
  let replicas = 0;
  let metric = '';
  specs.forEach((spec, i) => {
    let p: Proposal;
    try {
      p = computeForMetric(s, spec, specReplicas, statusReplicas, selector);
    } catch (e) {
      if (!(e instanceof MetricFailure)) throw e;
      if (invalid <= 0) first = e;
      invalid++;
      return;
    }
    statuses[i] = p.status;
    if (replicas === 0 || p.replicas > replicas) {
      replicas = p.replicas;
      metric = p.metric;
    }
  });
  const error = invalid > 0 ? `invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${first?.message ?? ''}` : undefined;
  if (invalid >= specs.length || (invalid > 0 && replicas < specReplicas)) {
    if (first) condition(s, 'ScalingActive', 'False', first.reason, first.conditionMessage);
    return { replicas: -1, metric: '', statuses, ...(error !== undefined ? { error } : {}) };
  }
  condition(s, 'ScalingActive', 'True', 'ValidMetricFound', `the HPA was able to successfully calculate a replica count from ${metric}`);
  return { replicas, metric, statuses, ...(error !== undefined ? { error } : {}) };
}
