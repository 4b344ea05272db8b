import { openCluster, type Cluster } from '../src/cluster/cluster.js';
import { advanceTo, stepOnce } from '../src/cluster/time.js';
import { findByKind } from '../src/apiserver/resources.js';
import type { KubeObject } from '../src/api/meta/v1.js';
import { readMachines, writeMachines } from '../src/controllers/kubelet/machines.js';

const DEPLOYMENT = findByKind('apps/v1', 'Deployment')!;
const NODE = findByKind('v1', 'Node')!;

function deployment(replicas: number, image: string): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'bench', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'bench' } },
      template: {
        metadata: { labels: { app: 'bench' } },
        spec: { containers: [{ name: 'app', image }] },
      },
    },
  };
}

/**
 * Enough room for the replicas plus the surge: worker nodes with 500 pods each, each a machine
 * with a kubelet (a Node object alone has none: its pods would stay Pending).
 */
function addNodes(c: Cluster, replicas: number): void {
  const count = Math.ceil((replicas * 1.3) / 500);
  const template = c.api.get(NODE, undefined, 'k8s-node-1');
  for (let i = 1; i <= count; i++) {
    const name = `bench-node-${i}`;
    writeMachines(c.store, { ...readMachines(c.store), [name]: { bootMs: c.clock.now() } });
    const status = structuredClone(template['status']) as Record<string, Record<string, string>>;
    status['allocatable']!['pods'] = '500';
    status['allocatable']!['cpu'] = '64';
    status['capacity']!['pods'] = '500';
    const labels = { ...template.metadata.labels, 'kubernetes.io/hostname': name };
    const created = c.api.create(NODE, undefined, {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name, labels },
      spec: { podCIDR: `10.${100 + i}.0.0/16`, podCIDRs: [`10.${100 + i}.0.0/16`] },
      status,
    });
    c.api.updateStatus(NODE, { ...created, status });
  }
}

function rolledOut(c: Cluster, replicas: number): boolean {
  const d = c.api.get(DEPLOYMENT, 'default', 'bench');
  const s = (d['status'] ?? {}) as Record<string, number>;
  return (
    s['observedGeneration'] === d.metadata.generation &&
    s['updatedReplicas'] === replicas &&
    s['availableReplicas'] === replicas &&
    s['replicas'] === replicas
  );
}

/** Runs instants until the rollout is complete; returns how many instants that took. */
function runToCompletion(c: Cluster, replicas: number): number {
  let steps = 0;
  const limit = c.clock.now() + 3600_000;
  while (!rolledOut(c, replicas)) {
    if (stepOnce(c.clock, c.controlPlane, (fn) => c.store.transaction(fn), limit) === undefined) {
      throw new Error('the rollout stopped before completing');
    }
    steps++;
  }
  return steps;
}

export function rollingUpdateBench(replicas: number): {
  wallMs: number;
  initialWallMs: number;
  virtualSeconds: number;
  revisions: number;
  steps: number;
} {
  const c = openCluster(':memory:', { env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' } });
  try {
    addNodes(c, replicas);
    advanceTo(c, c.clock.now() + 1000);
    const t0 = performance.now();
    c.api.create(DEPLOYMENT, 'default', deployment(replicas, 'ghcr.io/example/app:1.0'));
    runToCompletion(c, replicas);
    const initialWallMs = performance.now() - t0;
    const rev0 = c.store.revision();
    const v0 = c.clock.now();
    const t1 = performance.now();
    c.api.modify(DEPLOYMENT, 'default', 'bench', (d) => {
      const spec = d['spec'] as { template: { spec: { containers: { image: string }[] } } };
      spec.template.spec.containers[0]!.image = 'ghcr.io/example/app:1.1';
      return d;
    });
    const steps = runToCompletion(c, replicas);
    return {
      wallMs: performance.now() - t1,
      initialWallMs,
      virtualSeconds: Math.round((c.clock.now() - v0) / 1000),
      revisions: c.store.revision() - rev0,
      steps,
    };
  } finally {
    c.close();
  }
}
