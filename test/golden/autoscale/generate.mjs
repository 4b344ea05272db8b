#!/usr/bin/env node
// Regenerates test/golden/autoscale/cases.json by running the real kubectl autoscale against a
// stand-in API server on 127.0.0.1 (no cluster): discovery for apps/v1 deployments and replicasets
// (with their scale subresource), core/v1 pods (none), autoscaling v2 and v1; GET of the objects
// below. Only cases that never POST are recorded (client dry runs and refusals); what a create
// prints is covered by the e2e transcript.
//
// Usage: node test/golden/autoscale/generate.mjs [/path/to/kubectl]   (default: kubectl.1.33)
// Then read the diff of cases.json before committing it.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubectlAgainst } from '../stub-kubectl.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

const meta = (name) => ({ name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '7', creationTimestamp: '2026-10-26T19:00:00Z' });
export const OBJECTS = {
  deployments: [{ apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta('web'), spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } } }],
  replicasets: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: meta('web-rs'), spec: { replicas: 1, selector: { matchLabels: { app: 'rs' } }, template: { metadata: { labels: { app: 'rs' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } } }],
  pods: [{ apiVersion: 'v1', kind: 'Pod', metadata: meta('web-pod'), spec: { containers: [{ name: 'web', image: 'nginx' }] } }],
};

/** plural → [group, version, kind, scalable] */
const RESOURCES = {
  pods: ['', 'v1', 'Pod', false],
  deployments: ['apps', 'v1', 'Deployment', true],
  replicasets: ['apps', 'v1', 'ReplicaSet', true],
};
const SHORT = { deployments: ['deploy'], replicasets: ['rs'], pods: ['po'] };

function discovery(path) {
  if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  if (path === '/apis') {
    return {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [
        { name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } },
        {
          name: 'autoscaling',
          versions: [{ groupVersion: 'autoscaling/v2', version: 'v2' }, { groupVersion: 'autoscaling/v1', version: 'v1' }],
          preferredVersion: { groupVersion: 'autoscaling/v2', version: 'v2' },
        },
      ],
    };
  }
  const gv = path === '/api/v1' ? 'v1' : path.startsWith('/apis/') ? path.slice(6) : undefined;
  if (gv === 'autoscaling/v2' || gv === 'autoscaling/v1') {
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: gv,
      resources: [
        { name: 'horizontalpodautoscalers', singularName: 'horizontalpodautoscaler', namespaced: true, kind: 'HorizontalPodAutoscaler', verbs: ['create', 'get', 'list'], shortNames: ['hpa'], categories: ['all'] },
        { name: 'horizontalpodautoscalers/status', singularName: '', namespaced: true, kind: 'HorizontalPodAutoscaler', verbs: ['get', 'patch', 'update'] },
      ],
    };
  }
  const resources = Object.entries(RESOURCES)
    .filter(([, [g, v]]) => (g ? `${g}/${v}` : v) === gv)
    .flatMap(([plural, [group, , kind, scalable]]) => [
      { name: plural, singularName: kind.toLowerCase(), namespaced: true, kind, verbs: ['get', 'list'], shortNames: SHORT[plural] ?? [] },
      ...(scalable ? [{ name: `${plural}/scale`, singularName: '', namespaced: true, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] }] : []),
    ]);
  return resources.length ? { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources } : undefined;
}

function serve() {
  return createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const send = (code, body) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const disc = discovery(u.pathname);
    if (disc) return send(200, disc);
    const m = /^\/(?:api\/v1|apis\/([^/]+)\/v1)\/namespaces\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(u.pathname);
    const plural = m?.[3];
    const obj = plural ? (OBJECTS[plural] ?? []).find((o) => o.metadata.name === m[4]) : undefined;
    if (req.method === 'GET' && obj) return send(200, obj);
    const group = m?.[1] ?? '';
    const gr = group ? `${plural}.${group}` : plural;
    return send(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${gr} "${m?.[4]}" not found`, reason: 'NotFound', details: { name: m?.[4], group, kind: plural }, code: 404 });
  });
}

export const CASES = [
  { name: 'dry-run-yaml', args: ['autoscale', 'deployment', 'web', '--min=2', '--max=10', '--cpu-percent=80', '--dry-run=client', '-o', 'yaml'] },
  { name: 'dry-run-json', args: ['autoscale', 'deploy/web', '--max=5', '--dry-run=client', '-o', 'json'] },
  { name: 'dry-run-name-flag', args: ['autoscale', 'rs', 'web-rs', '--max=3', '--cpu-percent=0', '--name=other', '--dry-run=client', '-o', 'yaml'] },
  { name: 'dry-run-message', args: ['autoscale', 'deployment', 'web', '--max=4', '--dry-run=client'] },
  { name: 'dry-run-save-config', args: ['autoscale', 'deployment', 'web', '--max=4', '--min=-3', '--save-config', '--dry-run=client', '-o', 'yaml'] },
  { name: 'dry-run-two-yaml', args: ['autoscale', 'deployment/web', 'rs/web-rs', '--max=3', '--dry-run=client', '-o', 'yaml'] },
  { name: 'two-one-not-scalable', args: ['autoscale', 'pod/web-pod', 'deployment/web', '--max=3', '--dry-run=client'] },
  { name: 'dry-run-o-name', args: ['autoscale', 'deployment', 'web', '--max=4', '--dry-run=client', '-o', 'name'] },
  { name: 'not-scalable', args: ['autoscale', 'pod', 'web-pod', '--max=3'] },
  { name: 'not-found', args: ['autoscale', 'deployment', 'nope', '--max=3'] },
  { name: 'no-max', args: ['autoscale', 'deployment', 'web'] },
  { name: 'max-zero', args: ['autoscale', 'deployment', 'web', '--max=0'] },
  { name: 'max-below-min', args: ['autoscale', 'deployment', 'web', '--max=2', '--min=5'] },
  { name: 'bad-int', args: ['autoscale', 'deployment', 'web', '--max=ten'] },
  { name: 'no-args', args: ['autoscale', '--max=3'] },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = [];
  for (const kase of CASES) {
    const out = await kubectlAgainst(serve(), kubectl, kase.args, { tmpPrefix: 'kubemu-autoscale-golden-' });
    results.push({ name: kase.name, args: kase.args, stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode });
    process.stderr.write(`${kase.name}: exit ${out.exitCode}\n`);
  }
  writeFileSync(join(here, 'cases.json'), JSON.stringify({ kubectl, generatedBy: 'test/golden/autoscale/generate.mjs', objects: OBJECTS, results }, null, 2) + '\n');
}
