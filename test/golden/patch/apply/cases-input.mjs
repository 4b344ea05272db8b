// Scenarios for test/golden/patch/apply/generate.mjs: a file object, and the live object the
// stand-in server returns for it (undefined: the object does not exist yet).
// Live objects are built the way the API server would leave them: the created object plus
// metadata the server sets, defaults, status — then changed by other tools (set env, scale).

const LAST = 'kubectl.kubernetes.io/last-applied-configuration';

/** hello-deploy.yaml from the article, as JSON. */
export function helloDeploy({ image = 'ghcr.io/example/hello:1.0', cause = 'hello 1.0', replicas = 4 } = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'hello',
      labels: { 'app.kubernetes.io/name': 'hello' },
      annotations: { 'kubernetes.io/change-cause': cause },
    },
    spec: {
      replicas,
      revisionHistoryLimit: 5,
      minReadySeconds: 5,
      progressDeadlineSeconds: 120,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      selector: { matchLabels: { 'app.kubernetes.io/name': 'hello' } },
      template: {
        metadata: { labels: { 'app.kubernetes.io/name': 'hello' } },
        spec: {
          terminationGracePeriodSeconds: 30,
          containers: [
            {
              name: 'hello',
              image,
              ports: [{ name: 'http', containerPort: 8080 }],
              env: [{ name: 'MODE', value: 'prod' }, { name: 'LOG', value: 'info' }],
              readinessProbe: { httpGet: { path: '/readyz', port: 'http' }, periodSeconds: 5 },
            },
          ],
        },
      },
    },
  };
}

const clone = (o) => JSON.parse(JSON.stringify(o));

/**
 * What the server holds after `kubectl apply` created `file` (namespace default): the file
 * with kubectl's annotation, plus server-set metadata, defaults and status.
 */
export function created(file, lastApplied) {
  const o = clone(file);
  o.metadata.namespace ??= 'default';
  o.metadata.annotations = { ...(o.metadata.annotations ?? {}), [LAST]: lastApplied };
  Object.assign(o.metadata, {
    uid: '6f1c2a9e-0000-4000-8000-000000000001',
    resourceVersion: '1234',
    generation: 1,
    creationTimestamp: '2026-10-26T19:09:12Z',
  });
  if (o.kind === 'Deployment') {
    o.metadata.annotations['deployment.kubernetes.io/revision'] = '1';
    for (const c of o.spec.template.spec.containers) {
      c.imagePullPolicy ??= 'IfNotPresent';
      c.terminationMessagePath = '/dev/termination-log';
      c.terminationMessagePolicy = 'File';
      c.resources ??= {};
      for (const p of c.ports ?? []) p.protocol ??= 'TCP';
    }
    Object.assign(o.spec.template.spec, { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', securityContext: {} });
    o.spec.template.metadata.creationTimestamp = null;
    o.status = {
      observedGeneration: 1,
      replicas: o.spec.replicas,
      readyReplicas: o.spec.replicas,
      conditions: [
        { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' },
        { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' },
      ],
    };
  }
  return o;
}

/** The annotation value kubectl writes for a file (namespace defaulted), for building live objects. */
export function annotationFor(file) {
  const o = clone(file);
  o.metadata.namespace ??= 'default';
  o.metadata.annotations = { ...(o.metadata.annotations ?? {}) };
  delete o.metadata.annotations[LAST];
  const sorted = (v) =>
    Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;
  return JSON.stringify(sorted(o)).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}

const applied = (file) => created(file, annotationFor(file));

function withEnv(live, extra) {
  const o = clone(live);
  o.spec.template.spec.containers[0].env.push(...extra);
  return o;
}

const v1 = helloDeploy();
const noEnv = (() => {
  const f = clone(v1);
  delete f.spec.template.spec.containers[0].env;
  return f;
})();

export const CASES = [
  { name: 'create: the object does not exist', file: v1, live: undefined },
  { name: 're-apply the same file: unchanged', file: v1, live: applied(v1) },
  {
    // The article's hello-deploy.yaml has no env: the variables `set env` added survive and
    // there is nothing to send.
    name: 'article: file without env, set env added GOMAXPROCS: unchanged',
    file: noEnv,
    live: (() => {
      const o = applied(noEnv);
      o.spec.template.spec.containers[0].env = [{ name: 'GOMAXPROCS', value: '2' }, { name: 'GOMEMLIMIT', value: '96MiB' }];
      return o;
    })(),
  },
  {
    // When the file lists env itself, the extra items change the list's order relative to
    // the file, so kubectl sends $setElementOrder directives (and prints `configured`).
    name: 'file with env, set env appended vars: order directives only',
    file: v1,
    live: withEnv(applied(v1), [{ name: 'GOMAXPROCS', value: '2' }, { name: 'GOMEMLIMIT', value: '96MiB' }]),
  },
  {
    name: 'new image and change-cause: only those and the annotation',
    file: helloDeploy({ image: 'ghcr.io/example/hello:1.1', cause: 'hello 1.1' }),
    live: withEnv(applied(v1), [{ name: 'GOMAXPROCS', value: '2' }]),
  },
  {
    name: 'scaled to 6, file says 4: replicas back to 4',
    file: v1,
    live: (() => {
      const o = applied(v1);
      o.spec.replicas = 6;
      return o;
    })(),
  },
  {
    name: 'file drops minReadySeconds and a label: deleted with null',
    file: (() => {
      const f = clone(v1);
      delete f.spec.minReadySeconds;
      f.metadata.labels = {};
      return f;
    })(),
    live: applied(v1),
  },
  {
    name: 'file drops an env var: $patch delete and $setElementOrder',
    file: (() => {
      const f = clone(v1);
      f.spec.template.spec.containers[0].env = [{ name: 'LOG', value: 'debug' }];
      return f;
    })(),
    live: withEnv(applied(v1), [{ name: 'GOMAXPROCS', value: '2' }]),
  },
  {
    name: 'file reorders env: order only',
    file: (() => {
      const f = clone(v1);
      f.spec.template.spec.containers[0].env.reverse();
      return f;
    })(),
    live: applied(v1),
  },
  {
    name: 'strategy RollingUpdate to Recreate: $retainKeys',
    file: (() => {
      const f = clone(v1);
      f.spec.strategy = { type: 'Recreate' };
      return f;
    })(),
    live: applied(v1),
  },
  {
    name: 'second container added, first changed',
    file: (() => {
      const f = clone(v1);
      f.spec.template.spec.containers.unshift({ name: 'proxy', image: 'envoy:1', args: ['--a'] });
      f.spec.template.spec.containers[1].ports.push({ name: 'metrics', containerPort: 9090 });
      return f;
    })(),
    live: applied(v1),
  },
  {
    name: 'finalizer removed from file: $deleteFromPrimitiveList',
    file: (() => {
      const f = clone(v1);
      f.metadata.finalizers = ['example.com/keep'];
      return f;
    })(),
    live: (() => {
      const f = clone(v1);
      f.metadata.finalizers = ['example.com/keep', 'example.com/drop'];
      const o = applied(f);
      return o;
    })(),
  },
  {
    name: 'live created without apply: annotation missing, warned and patched',
    file: v1,
    live: (() => {
      const o = applied(v1);
      delete o.metadata.annotations[LAST];
      return o;
    })(),
  },
  {
    name: 'service: annotations present but empty, HTML characters escaped',
    file: {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'hello', annotations: {}, labels: { note: 'a<b&c>d' } },
      spec: { selector: { app: 'hello' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
    },
    live: undefined,
  },
  {
    name: 'service: port removed and one added',
    file: {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'hello' },
      spec: { selector: { app: 'hello' }, ports: [{ name: 'https', port: 443, targetPort: 8443 }] },
    },
    live: applied({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'hello' },
      spec: { selector: { app: 'hello' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] },
    }),
  },
  {
    name: 'custom resource: JSON merge patch, removed field null, list replaced',
    file: {
      apiVersion: 'kubemu.io/v1alpha1',
      kind: 'ImageRepository',
      metadata: { name: 'nginx' },
      spec: { tags: ['1.1'], registry: { host: 'docker.io' } },
    },
    live: (() => {
      const o = applied({
        apiVersion: 'kubemu.io/v1alpha1',
        kind: 'ImageRepository',
        metadata: { name: 'nginx' },
        spec: { tags: ['1.0'], registry: { host: 'docker.io', insecure: true }, old: 'x' },
      });
      o.status = { synced: true };
      return o;
    })(),
  },
  {
    name: 'custom resource unchanged',
    file: { apiVersion: 'kubemu.io/v1alpha1', kind: 'ImageRepository', metadata: { name: 'nginx' }, spec: { tags: ['1.0'] } },
    live: applied({ apiVersion: 'kubemu.io/v1alpha1', kind: 'ImageRepository', metadata: { name: 'nginx' }, spec: { tags: ['1.0'] } }),
  },
];
