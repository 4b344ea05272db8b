/**
 * The TARGETS cell of `kubectl get hpa` (pkg/printers/internalversion printers.go formatHPAMetrics):
 * `cpu: 45%/75%`, `cpu: <unknown>/75%`, `500m/1 (avg)` for an external or object AverageValue
 * target, `<none>` without metrics, the first two metrics then ` + N more...`. Each status is
 * read at the index of its spec metric, as upstream does (the controller writes them in order).
 * Quantities print as stored (the API server keeps their canonical text); a missing one prints
 * as Go prints a nil *Quantity: `<nil>`.
 */
import type { MetricSpec, MetricStatus } from './horizontal-pod-autoscaler.js';

/** resource.Quantity.String() of a *Quantity. */
export function quantityText(q: string | undefined): string {
  return q === undefined ? '<nil>' : q;
}

const UNKNOWN = '<unknown>';

/** One metric of the TARGETS cell. */
export function formatHpaMetric(spec: MetricSpec, status: MetricStatus | undefined): string {
  switch (spec.type) {
    case 'External': {
      const t = spec.external?.target;
      const cur = status?.external?.current;
      if (t?.averageValue !== undefined) return `${cur?.averageValue ?? UNKNOWN}/${t.averageValue} (avg)`;
      return `${status?.external ? quantityText(cur?.value) : UNKNOWN}/${quantityText(t?.value)}`;
    }
    case 'Pods':
      return `${status?.pods ? quantityText(status.pods.current.averageValue) : UNKNOWN}/${quantityText(spec.pods?.target.averageValue)}`;
    case 'Object': {
      const t = spec.object?.target;
      const cur = status?.object?.current;
      if (t?.averageValue !== undefined) return `${cur?.averageValue ?? UNKNOWN}/${t.averageValue} (avg)`;
      return `${status?.object ? quantityText(cur?.value) : UNKNOWN}/${quantityText(t?.value)}`;
    }
    case 'Resource':
    case 'ContainerResource': {
      const src = spec.type === 'Resource' ? spec.resource : spec.containerResource;
      const st = spec.type === 'Resource' ? status?.resource : status?.containerResource;
      const name = src?.name ?? '';
      if (src?.target.averageValue !== undefined) return `${name}: ${st ? quantityText(st.current.averageValue) : UNKNOWN}/${src.target.averageValue}`;
      const current = st?.current.averageUtilization !== undefined ? `${st.current.averageUtilization}%` : UNKNOWN;
      const target = src?.target.averageUtilization !== undefined ? `${src.target.averageUtilization}%` : '<auto>';
      return `${name}: ${current}/${target}`;
    }
    default:
      return '<unknown type>';
  }
}

/** The whole TARGETS cell. */
export function formatHpaMetrics(specs: readonly MetricSpec[] | undefined, statuses: readonly MetricStatus[] | undefined): string {
  if (!specs?.length) return '<none>';
  const max = 2;
  const parts = specs.map((s, i) => formatHpaMetric(s, statuses?.[i]));
  if (parts.length <= max) return parts.join(', ');
  return `${parts.slice(0, max).join(', ')} + ${parts.length - max} more...`;
}
