import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { catchUp } from '../../../src/cluster/time.js';
import { ControlPlane } from '../../../src/controllers/control-plane.js';
import { deploymentController } from '../../../src/controllers/deployment/controller.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { Deployment } from '../../../src/api/apps/v1/deployment.js';
import type { ReplicaSet } from '../../../src/api/apps/v1/replica-set.js';

export const DEPLOY = findByKind('apps/v1', 'Deployment')!;
export const RS = findByKind('apps/v1', 'ReplicaSet')!;
export const POD = findByKind('v1', 'Pod')!;
export const EVENT = findByKind('v1', 'Event')!;

/**
 * An in-memory virtual-clock cluster running only the Deployment controller; the test plays
 * the ReplicaSet controller (and kubelet) by writing RS status and pods itself.
 */
export class Harness {
  readonly c: Cluster;
  private readonly cp: ControlPlane;

  constructor() {
    this.c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
    this.cp = new ControlPlane(this.c, [deploymentController()]);
  }

  advance(ms: number): void {
    catchUp(this.c.clock, this.cp, (fn) => this.c.store.transaction(fn), this.c.clock.now() + ms);
  }

  deployment(name = 'hello'): Deployment {
    return this.c.api.get(DEPLOY, 'default', name) as Deployment;
  }

  replicaSets(): ReplicaSet[] {
    return (this.c.api.list(RS, 'default') as ReplicaSet[]).sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion));
  }

  /** The ReplicaSet whose template runs `image`. */
  rsByImage(image: string): ReplicaSet | undefined {
    return this.replicaSets().find((r) => (r.spec.template?.spec?.['containers'] as { image: string }[])[0]?.image === image);
  }

  rs(name: string): ReplicaSet {
    return this.c.api.get(RS, 'default', name) as ReplicaSet;
  }

  /** The ReplicaSet controller's status write: `available` of spec pods ready and available. */
  setRsStatus(name: string, status: { replicas?: number; available?: number; terminating?: number }): void {
    const rs = this.rs(name);
    const replicas = status.replicas ?? rs.spec.replicas ?? 0;
    const available = Math.min(status.available ?? replicas, replicas);
    const s: Record<string, number> = { observedGeneration: rs.metadata.generation ?? 1, terminatingReplicas: status.terminating ?? 0 };
    if (replicas) s['replicas'] = s['fullyLabeledReplicas'] = replicas;
    if (available) s['readyReplicas'] = s['availableReplicas'] = available;
    this.c.api.updateStatus(RS, { ...rs, status: s });
  }

  /** Plays an RS controller whose pods are ready at once, until the Deployment controller stops moving. */
  settleReady(rounds = 40): void {
    for (let i = 0; i < rounds; i++) {
      this.advance(10);
      let changed = false;
      for (const rs of this.replicaSets()) {
        const spec = rs.spec.replicas ?? 0;
        if ((rs.status?.replicas ?? 0) !== spec || (rs.status?.availableReplicas ?? 0) !== spec || rs.status?.observedGeneration !== rs.metadata.generation) {
          this.setRsStatus(rs.metadata.name ?? '', {});
          changed = true;
        }
      }
      if (!changed) return;
    }
  }

  /** Messages of the Deployment's events, oldest first. */
  events(): string[] {
    return (this.c.api.list(EVENT, 'default') as KubeObject[])
      .filter((e) => (e['involvedObject'] as { kind?: string }).kind === 'Deployment')
      .sort((a, b) => String(a['firstTimestamp']).localeCompare(String(b['firstTimestamp'])) || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))
      .map((e) => `${String(e['type'])} ${String(e['reason'])} ${String(e['message'])}`);
  }

  /** Replaces the Deployment's spec through a main-resource update (what apply/set image do). */
  editDeployment(mutate: (d: Deployment) => void, name = 'hello'): void {
    this.c.api.modify(DEPLOY, 'default', name, (o) => {
      mutate(o as Deployment);
      return o;
    });
  }
}

/** The article's hello Deployment (probes left out: the controller never looks at them). */
export function helloDeployment(image = 'ghcr.io/example/hello:1.0', changeCause = 'hello 1.0'): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'hello', labels: { 'app.kubernetes.io/name': 'hello' }, annotations: { 'kubernetes.io/change-cause': changeCause } },
    spec: {
      replicas: 4,
      revisionHistoryLimit: 5,
      minReadySeconds: 5,
      progressDeadlineSeconds: 120,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      selector: { matchLabels: { 'app.kubernetes.io/name': 'hello' } },
      template: {
        metadata: { labels: { 'app.kubernetes.io/name': 'hello' } },
        spec: { terminationGracePeriodSeconds: 30, containers: [{ name: 'hello', image, ports: [{ name: 'http', containerPort: 8080 }] }] },
      },
    },
  };
}

/** `set image` on the hello container. */
export function setImage(d: Deployment, image: string): void {
  const c = (d.spec.template?.spec?.['containers'] as { image: string }[])[0]!;
  c.image = image;
}
