import type { ApiServer } from '../../apiserver/server.js';
import { StatusError } from '../../apiserver/errors.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { findByKind } from '../../apiserver/resources.js';
import { rfc3339 } from '../../sim/clock.js';
import type { ComponentState } from './state.js';

/** core/v1 Event types. */
export type EventType = 'Normal' | 'Warning';

export interface EventSpec {
  /** the object the event is about */
  involved: KubeObject;
  /** `spec.containers{hello}` for container events */
  fieldPath?: string;
  type: EventType;
  reason: string;
  message: string;
  /** source.component / reportingComponent: `deployment-controller`, `kubelet` */
  component: string;
  /** source.host / reportingInstance (the node, for the kubelet) */
  host?: string;
}

const EVENT = findByKind('v1', 'Event')!;

/** How long an identical event is folded into the previous one (the correlator's window). */
const AGGREGATION_WINDOW_MS = 10 * 60 * 1000;

/** Told about an event the API server refused (and that is therefore dropped). */
export type EventRejected = (event: EventSpec, error: StatusError) => void;

/**
 * Records core/v1 Events as client-go's EventRecorder does: named `<object>.<hex nanoseconds>`,
 * and an event identical to a recent one (same object, component, type, reason, message)
 * increments that one's count and lastTimestamp instead of creating another.
 *
 * Recording never fails the caller: client-go's broadcaster writes events in the background and
 * drops one the API server refuses ("Server rejected event (will not retry!)"), such as a Killing
 * event for a pod in a namespace being deleted, which refuses new content.
 */
export class EventRecorder {
  constructor(
    private readonly api: ApiServer,
    private readonly now: () => number,
    private readonly state: ComponentState,
    private readonly rejected: EventRejected = () => {},
  ) {}

  record(e: EventSpec): void {
    try {
      this.write(e);
    } catch (err) {
      if (!(err instanceof StatusError)) throw err;
      this.rejected(e, err);
    }
  }

  private write(e: EventSpec): void {
    const nowMs = this.now();
    const ns = e.involved.metadata.namespace ?? 'default';
    const identity = [
      ns,
      e.involved.kind,
      e.involved.metadata.name,
      e.involved.metadata.uid,
      e.fieldPath ?? '',
      e.component,
      e.host ?? '',
      e.type,
      e.reason,
      e.message,
    ].join('\u0000');
    const seen = this.state.get<{ name: string; lastMs: number }>(identity);
    if (seen && nowMs - seen.lastMs < AGGREGATION_WINDOW_MS) {
      const live = this.api.tryGet(EVENT, ns, seen.name);
      if (live) {
        this.api.modify(EVENT, ns, seen.name, (o) => ({
          ...o,
          count: Number(o['count'] ?? 1) + 1,
          lastTimestamp: rfc3339(nowMs),
        }));
        this.state.set(identity, { name: seen.name, lastMs: nowMs });
        return;
      }
    }
    const name = `${e.involved.metadata.name}.${this.uniqueNanos(nowMs).toString(16)}`;
    const involvedObject: Record<string, unknown> = {
      apiVersion: e.involved.apiVersion,
      kind: e.involved.kind,
      name: e.involved.metadata.name,
      namespace: e.involved.metadata.namespace,
      resourceVersion: e.involved.metadata.resourceVersion,
      uid: e.involved.metadata.uid,
    };
    if (e.fieldPath) involvedObject['fieldPath'] = e.fieldPath;
    if (involvedObject['namespace'] === undefined) delete involvedObject['namespace'];
    const source: Record<string, string> = { component: e.component };
    if (e.host) source['host'] = e.host;
    this.api.create(EVENT, ns, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: ns },
      count: 1,
      eventTime: null,
      firstTimestamp: rfc3339(nowMs),
      involvedObject,
      lastTimestamp: rfc3339(nowMs),
      message: e.message,
      reason: e.reason,
      reportingComponent: e.component,
      reportingInstance: e.host ?? '',
      source,
      type: e.type,
    });
    this.state.set(identity, { name, lastMs: nowMs });
  }

  /** Event names carry the time in nanoseconds; events in the same millisecond get the next ones. */
  private uniqueNanos(nowMs: number): bigint {
    const last = this.state.get<string>('\u0000last-nanos');
    let n = BigInt(nowMs) * 1_000_000n;
    if (last !== undefined && BigInt(last) >= n) n = BigInt(last) + 1n;
    this.state.set('\u0000last-nanos', n.toString());
    return n;
  }
}
