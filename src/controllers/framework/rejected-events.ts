import type { StatusError } from '../../apiserver/errors.js';
import type { ApiServer } from '../../apiserver/server.js';
import { klogFor, structuredText } from '../../logs/klog.js';
import type { ClusterClock } from '../../sim/clock.js';
import type { EventSpec } from './events.js';
import { isNamespaceTerminating } from './api-errors.js';

/**
 * The components whose log is the kube-controller-manager's (src/logs/klog.ts); the kubelet's
 * and the scheduler's logs are not emulated, so what they drop is not logged anywhere.
 */
const CONTROLLER_MANAGER_COMPONENTS: ReadonlySet<string> = new Set([
  'namespace-controller',
  'garbage-collector-controller',
  'deployment-controller',
  'replicaset-controller',
  'cidrAllocator',
]);

/** client-go's tools/record/event.go, where recordToSink gives an event up (a stand-in line number). */
const SOURCE = 'event.go:368';

/**
 * What client-go's event broadcaster logs when the API server refuses an event, which it then
 * drops: at V(5) for a namespace being deleted or an event that already exists (expected), an
 * error line otherwise. Upstream prints the whole Event struct; here its object and reason:
 *   `I1026 19:00:12.000389       1 event.go:368] "Server rejected event (will not retry!)" object="t/p" reason="Killing" err="unable to create ..."`
 */
export function logRejectedEvent(cluster: { api: ApiServer; clock: ClusterClock }, event: EventSpec, error: StatusError): void {
  if (!CONTROLLER_MANAGER_COMPONENTS.has(event.component)) return;
  const log = klogFor(cluster);
  const object = `${event.involved.metadata.namespace ? `${event.involved.metadata.namespace}/` : ''}${event.involved.metadata.name ?? ''}`;
  const msg = 'Server rejected event (will not retry!)';
  if (isNamespaceTerminating(error) || error.reason === 'AlreadyExists') {
    log.info(5, SOURCE, msg, [['object', object], ['reason', event.reason], ['err', error.message]]);
    return;
  }
  log.write('E', SOURCE, structuredText(msg, [['err', error.message], ['object', object], ['reason', event.reason]]));
}
