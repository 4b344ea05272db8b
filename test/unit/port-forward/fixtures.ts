import type { KubeObject } from '../../../src/api/meta/v1.js';

/** A pod as the pick-pod and port tests need it: phase, readiness, restarts, node, creation time. */
export function pod(
  name: string,
  o: { phase?: string; ready?: boolean; readySince?: string; restarts?: number; node?: string; created?: string } = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, labels: { app: 'hello' }, creationTimestamp: o.created ?? '2026-10-26T19:00:00Z' },
    spec: {
      nodeName: o.node ?? 'k8s-node-1',
      containers: [{ name: 'hello', image: 'ghcr.io/example/hello:1.1', ports: [{ name: 'http', containerPort: 8080 }] }],
    },
    status: {
      phase: o.phase ?? 'Running',
      conditions: [{ type: 'Ready', status: o.ready === false ? 'False' : 'True', lastTransitionTime: o.readySince ?? '2026-10-26T19:00:05Z' }],
      containerStatuses: [{ name: 'hello', restartCount: o.restarts ?? 0, state: { running: { startedAt: '2026-10-26T19:00:01Z' } } }],
    },
  };
}
