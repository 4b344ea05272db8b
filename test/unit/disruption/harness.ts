import assert from 'node:assert/strict';
import { openCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { advanceTo } from '../../../src/cluster/time.js';
import { findByKind, type ResourceInfo } from '../../../src/apiserver/resources.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { asPodDisruptionBudget, type PodDisruptionBudget } from '../../../src/api/policy/v1/pod-disruption-budget.js';
import type { Eviction } from '../../../src/api/policy/v1/eviction.js';
import { isPodReady } from '../../../src/api/core/v1/pod-util.js';

/** An in-memory cluster with a Deployment and budgets, its clock moved by seconds. */

function must(info: ResourceInfo | undefined): ResourceInfo {
  if (!info) throw new Error('unknown resource');
  return info;
}

export const PODS = must(findByKind('v1', 'Pod'));
export const PDBS = must(findByKind('policy/v1', 'PodDisruptionBudget'));
export const DEPLOYMENTS = must(findByKind('apps/v1', 'Deployment'));
export const EVENTS = must(findByKind('v1', 'Event'));
export const IMAGE_REPOSITORIES = must(findByKind('kubemu.io/v1alpha1', 'ImageRepository'));

export interface Harness {
  c: Cluster;
  /** advances the cluster by this many seconds */
  after(seconds: number): void;
  deployment(name: string, replicas: number, image?: string, readinessProbe?: Record<string, unknown>): void;
  pdb(name: string, spec: Record<string, unknown>): void;
  budget(name: string): PodDisruptionBudget;
  /** the pods of app=NAME, by name */
  pods(app: string): KubeObject[];
  ready(app: string): KubeObject[];
  evict(name: string, deleteOptions?: Eviction['deleteOptions'], dryRun?: boolean): unknown;
  /** the StatusError an eviction throws */
  refusal(name: string): StatusError;
  /** `Reason: message` of the events about one object */
  events(name: string): string[];
}

export function harness(): Harness {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  const h: Harness = {
    c,
    after(seconds) {
      advanceTo(c, c.clock.now() + Math.round(seconds * 1000));
    },
    deployment(name, replicas, image = 'nginx:1', readinessProbe) {
      c.api.create(DEPLOYMENTS, 'default', {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name },
        spec: {
          replicas,
          selector: { matchLabels: { app: name } },
          template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image, ...(readinessProbe ? { readinessProbe } : {}) }] } },
        },
      });
    },
    pdb(name, spec) {
      c.api.create(PDBS, 'default', { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec });
    },
    budget(name) {
      return asPodDisruptionBudget(c.api.get(PDBS, 'default', name));
    },
    pods(app) {
      return c.api.list(PODS, 'default', (p) => p.metadata.labels?.['app'] === app);
    },
    ready(app) {
      return h.pods(app).filter((p) => isPodReady(p) && !p.metadata.deletionTimestamp);
    },
    evict(name, deleteOptions, dryRun) {
      const body: Eviction = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name }, ...(deleteOptions ? { deleteOptions } : {}) };
      return c.api.evict('default', name, body, { dryRun: dryRun === true });
    },
    refusal(name) {
      try {
        h.evict(name);
      } catch (e) {
        assert.ok(e instanceof StatusError, String(e));
        return e;
      }
      assert.fail(`evicted ${name}`);
    },
    events(name) {
      return c.api
        .list(EVENTS, 'default', (e) => (e['involvedObject'] as { name?: string }).name === name)
        .map((e) => `${String(e['reason'])}: ${String(e['message'])}`);
    },
  };
  return h;
}
