import type { Deployment } from '../../../src/api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../../src/api/apps/v1/replica-set.js';

/** A Deployment as the API server stores it (defaults applied where the controller reads them). */
export function deployment(
  replicas: number,
  strategy: { maxSurge?: number | string; maxUnavailable?: number | string; type?: string } = {},
  extra: Partial<Deployment['spec']> = {},
): Deployment {
  const type = strategy.type ?? 'RollingUpdate';
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'hello', namespace: 'default', uid: 'd-uid', generation: 1 },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'hello' } },
      template: { metadata: { labels: { app: 'hello' } }, spec: { containers: [{ name: 'hello', image: 'hello:1.1' }] } },
      strategy:
        type === 'RollingUpdate'
          ? { type, rollingUpdate: { maxSurge: strategy.maxSurge ?? '25%', maxUnavailable: strategy.maxUnavailable ?? '25%' } }
          : { type },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      ...extra,
    },
    status: {},
  };
}

/** A ReplicaSet with a size, an availability and an age (seconds after a fixed instant). */
export function replicaSet(
  name: string,
  spec: number,
  available: number,
  createdSec = 0,
  annotations: Record<string, string> = {},
): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      creationTimestamp: new Date(Date.UTC(2026, 9, 26, 19, 0, createdSec)).toISOString().replace('.000Z', 'Z'),
      annotations,
      generation: 1,
    },
    spec: { replicas: spec },
    status: { replicas: spec, readyReplicas: available, availableReplicas: available, observedGeneration: 1 },
  };
}
