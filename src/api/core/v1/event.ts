/** core/v1 Event, as kubemu's recorder writes it and kubectl prints it. */
import type { KubeObject } from '../../meta/v1.js';

/** v1.ObjectReference, the part an event names its object by. */
export interface ObjectReference {
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

/** v1.EventSeries. */
export interface EventSeries {
  count?: number;
  lastObservedTime?: string;
}

/** v1.Event. Timestamps are null when unset (Go's zero metav1.Time encodes as null). */
export interface Event extends KubeObject {
  involvedObject?: ObjectReference;
  reason?: string;
  message?: string;
  source?: { component?: string; host?: string };
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  count?: number;
  type?: string;
  eventTime?: string | null;
  series?: EventSeries | null;
  action?: string;
  reportingComponent?: string;
  reportingInstance?: string;
}

/** Event types. */
export const EVENT_TYPE = {
  Normal: 'Normal',
  Warning: 'Warning',
} as const;

/** Whether an object is an Event. */
export function isEvent(o: KubeObject): o is Event {
  return o.kind === 'Event';
}

/** A KubeObject read as an Event (the one place); a different kind is a programming error. */
export function asEvent(o: KubeObject): Event {
  if (!isEvent(o)) throw new TypeError(`expected an Event, got ${o.kind || 'an object without kind'}`);
  return o;
}
