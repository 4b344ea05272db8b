#!/usr/bin/env node
// Regenerates test/golden/autoscale/cases.json by running the real kubectl autoscale against a
// stand-in API server on 127.0.0.1 (no cluster): discovery for apps/v1 deployments and replicasets
// (with their scale subresource), core/v1 pods (none), autoscaling v2 and v1; GET of the objects
// below; a POST of an HPA is recorded (method, path, body) and answered with the body as created.
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

/** Protocol-buffer wire fields of a message: [field number, wire type, value (Buffer or number)]. */
function fields(buf) {
  const out = [];
  let i = 0;
  const varint = () => {
    let n = 0;
    let shift = 0;
    for (;;) {
      const b = buf[i++];
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
      shift += 7;
    }
  };
  while (i < buf.length) {
    const key = varint();
    const wire = key & 7;
    if (wire === 0) out.push([key >> 3, wire, varint()]);
    else if (wire === 2) {
      const len = varint();
      out.push([key >> 3, wire, buf.subarray(i, i + len)]);
      i += len;
    } else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else throw new Error(`wire type ${wire}`);
  }
  return out;
}

/** The name and annotations of a `k8s\0` protobuf envelope's object (runtime.Unknown.raw → metadata). */
function protobufMetadata(buf) {
  const unknown = fields(buf.subarray(4));
  const raw = unknown.find(([n]) => n === 2)?.[2];
  const meta = fields(fields(raw).find(([n]) => n === 1)[2]);
  const out = {};
  for (const [n, , v] of meta) {
    if (n === 1) out.name = v.toString('utf8');
    if (n === 12) {
      const entry = fields(v);
      (out.annotations ??= {})[entry.find(([k]) => k === 1)[2].toString('utf8')] = entry.find(([k]) => k === 2)?.[2].toString('utf8') ?? '';
    }
  }
  return out;
}

function serve(requests) {
  return createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const send = (code, body) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const disc = discovery(u.pathname);
    if (disc) return send(200, disc);
    if (req.method === 'POST') {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const raw = Buffer.concat(chunks);
      // kubectl's typed client posts protobuf: only the metadata is read from it.
      const metadata = /json/.test(req.headers['content-type'] ?? '') ? JSON.parse(raw.toString('utf8')).metadata : protobufMetadata(raw);
      const apiVersion = /^\/apis\/([^/]+\/[^/]+)\//.exec(u.pathname)?.[1];
      requests.push({ method: req.method, path: u.pathname, query: u.search, metadata });
      const ns = /\/namespaces\/([^/]+)\//.exec(u.pathname)?.[1];
      return send(201, { apiVersion, kind: 'HorizontalPodAutoscaler', metadata: { ...metadata, namespace: ns, uid: 'uid-created', resourceVersion: '8', creationTimestamp: '2026-10-26T19:00:00Z' }, spec: { scaleTargetRef: { kind: 'Deployment', name: 'web' }, maxReplicas: 1 } });
    }
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
  { name: 'create-message', args: ['autoscale', 'deployment', 'web', '--max=4', '--cpu-percent=70'] },
  { name: 'create-save-config', args: ['autoscale', 'rs/web-rs', '--min=2', '--max=4', '--save-config', '--name=saved'] },
  { name: 'create-server-dry-run', args: ['autoscale', 'deployment', 'web', '--max=4', '--dry-run=server'] },
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
    const requests = [];
    const out = await kubectlAgainst(serve(requests), kubectl, kase.args, { tmpPrefix: 'kubemu-autoscale-golden-' });
    results.push({ name: kase.name, args: kase.args, stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode, ...(requests.length ? { requests } : {}) });
    process.stderr.write(`${kase.name}: exit ${out.exitCode}\n`);
  }
  writeFileSync(join(here, 'cases.json'), JSON.stringify({ kubectl, generatedBy: 'test/golden/autoscale/generate.mjs', objects: OBJECTS, results }, null, 2) + '\n');
}
