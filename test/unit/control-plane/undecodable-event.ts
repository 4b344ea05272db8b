import type { WatchEvent } from '../../../src/apiserver/server.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';

/** The same watch event with an object that must not be read: reading it throws, naming the event. */
export function undecodable(ev: WatchEvent): WatchEvent {
  const copy: WatchEvent = {
    type: ev.type,
    key: ev.key,
    revision: ev.revision,
    timeMs: ev.timeMs,
    get object(): KubeObject {
      throw new Error(`${ev.key}@${ev.revision} was decoded`);
    },
  };
  if (ev.sameMetadataAs !== undefined) copy.sameMetadataAs = ev.sameMetadataAs;
  return copy;
}
