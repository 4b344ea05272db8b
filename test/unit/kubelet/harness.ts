import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { findByKind, type ResourceInfo } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { podRow } from '../../../src/kubectl/printers/table/pod.js';

/** Helpers for kubelet integration tests: an in-memory cluster, pods bound by hand, a clock to move. */

function must(info: ResourceInfo | undefined): ResourceInfo {
  if (!info) throw new Error('unknown resource');
  return info;
}

export const PODS = must(findByKind('v1', 'Pod'));
export const EVENTS = must(findByKind('v1', 'Event'));
export const IMAGE_REPOSITORIES = must(findByKind('kubemu.io/v1alpha1', 'ImageRepository'));

/**
 * An ImageRepository behavior's part that turns the default start spread off (spread.ts): pods
 * started together come up at the same instant, so a test can pin the lifecycle's own timeline.
 */
export const NO_SPREAD = { startJitterMilliseconds: 0, pullJitterPercent: 0 } as const;

export interface Harness {
  c: Cluster;
  t0: number;
  /** advances the cluster to t0 + seconds */
  at(seconds: number): void;
  pod(name: string): KubeObject | undefined;
  /** READY, STATUS, RESTARTS of `kubectl get pods` */
  row(name: string): string;
  /** `Reason: message` of the pod's events, oldest first, with their counts when above 1 */
  events(name: string): string[];
}

export function harness(seed = '1'): Harness {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: seed } });
  const t0 = c.clock.now();
  return {
    c,
    t0,
    at(seconds: number) {
      advanceTo(c, t0 + Math.round(seconds * 1000));
    },
    pod(name: string) {
      return c.api.tryGet(PODS, 'default', name);
    },
    row(name: string) {
      const p = c.api.tryGet(PODS, 'default', name);
      if (!p) return '<gone>';
      const cells = podRow(p, c.clock.now());
      return [cells[1], cells[2], cells[3]].join(' ');
    },
    events(name: string) {
      return c.api
        .list(EVENTS, 'default', (e) => (e['involvedObject'] as { name?: string }).name === name)
        .sort((a, b) => String(a['firstTimestamp']).localeCompare(String(b['firstTimestamp'])) || String(a.metadata.name).localeCompare(String(b.metadata.name)))
        .map((e) => {
          const n = Number(e['count'] ?? 1);
          return `${String(e['reason'])}: ${String(e['message'])}${n > 1 ? ` (x${n})` : ''}`;
        });
    },
  };
}

/** The article's hello container (probes, preStop), on a node, as a bare pod. */
export function helloPod(name: string, image = 'ghcr.io/example/hello:1.0', extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { 'app.kubernetes.io/name': 'hello' } },
    spec: {
      nodeName: 'k8s-node-1',
      terminationGracePeriodSeconds: 30,
      containers: [
        {
          name: 'hello',
          image,
          ports: [{ name: 'http', containerPort: 8080 }],
          startupProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 2, failureThreshold: 15 },
          livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 10, timeoutSeconds: 2 },
          readinessProbe: { httpGet: { path: '/readyz', port: 'http' }, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 2 },
          lifecycle: { preStop: { sleep: { seconds: 5 } } },
          ...extra,
        },
      ],
    },
  };
}

/** A container without probes or hooks. */
export function plainPod(name: string, image: string, spec: Record<string, unknown> = {}, container: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { nodeName: 'k8s-node-1', containers: [{ name: 'app', image, ...container }], ...spec },
  };
}
