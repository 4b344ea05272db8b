#!/usr/bin/env node
// Regenerates test/golden/drain/runs.json by running the real kubectl drain against a stand-in API
// server on 127.0.0.1 (no cluster) that holds node n1 (and n2, already cordoned) and the pods of
// each case, and answers as kube-apiserver would for what drain sends: discovery (pods/eviction as
// policy/v1 Eviction), GET of nodes, the strategic PATCH of the cordon, the LIST of a node's pods by
// spec.nodeName, POST pods/NAME/eviction, DELETE and GET of pods. Each pod's answers are scripted by
// count, not by time, so that the replay (test/unit/drain/runs-golden.test.ts, which reads the
// objects and scripts from runs.json too) can follow them in
// cluster time: `refuse` evictions answered 429 (a budget that allows none) before one is accepted,
// then `stays` GETs that still find the pod before it is gone (404). kubectl retries a 429 after
// 5 s and polls every second, so a case takes that long here.
//
// Usage: node test/golden/drain/generate-runs.mjs [/path/to/kubectl]   (default: kubectl.1.33)
// Then read the diff of runs.json before committing it.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubectlAgainst } from '../stub-kubectl.mjs';
import { CASES, NODES } from './runs-input.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

const DISCOVERY = {
  '/api': { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] },
  '/apis': { kind: 'APIGroupList', apiVersion: 'v1', groups: [{ name: 'policy', versions: [{ groupVersion: 'policy/v1', version: 'v1' }], preferredVersion: { groupVersion: 'policy/v1', version: 'v1' } }] },
  '/apis/policy/v1': { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'policy/v1', resources: [{ name: 'poddisruptionbudgets', singularName: 'poddisruptionbudget', namespaced: true, kind: 'PodDisruptionBudget', verbs: ['get', 'list'], shortNames: ['pdb'] }] },
  '/api/v1': {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: 'v1',
    resources: [
      { name: 'nodes', singularName: 'node', namespaced: false, kind: 'Node', verbs: ['get', 'list', 'patch', 'update', 'watch'], shortNames: ['no'] },
      { name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], shortNames: ['po'] },
      { name: 'pods/eviction', singularName: '', namespaced: true, group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] },
    ],
  },
};

const status = (code, reason, message, details) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, ...(details ? { details } : {}), code });

function merge(target, patch) {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = merge(out[k], v);
  }
  return out;
}

function serve(kase, requests) {
  const nodes = structuredClone(NODES);
  const pods = structuredClone(kase.pods);
  const script = new Map(pods.map((p) => [p.metadata.name, { refuse: 0, stays: 0, ...(kase.script?.[p.metadata.name] ?? {}) }]));
  const gone = new Set();
  const evicted = new Set();
  return createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (code, obj) => {
        res.writeHead(code, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(obj));
      };
      requests.push(`${req.method} ${u.pathname}${u.search}`);
      if (DISCOVERY[u.pathname]) return send(200, DISCOVERY[u.pathname]);
      let m = /^\/api\/v1\/nodes\/([^/]+)$/.exec(u.pathname);
      if (m) {
        const i = nodes.findIndex((n) => n.metadata.name === m[1]);
        if (i < 0) return send(404, status(404, 'NotFound', `nodes "${m[1]}" not found`, { name: m[1], kind: 'nodes' }));
        if (req.method === 'PATCH') {
          const next = merge(nodes[i], JSON.parse(body));
          if (!u.searchParams.get('dryRun')) nodes[i] = next;
          return send(200, next);
        }
        return send(200, nodes[i]);
      }
      if (u.pathname === '/api/v1/pods') {
        const node = /^spec\.nodeName=(.*)$/.exec(u.searchParams.get('fieldSelector') ?? '')?.[1];
        const sel = u.searchParams.get('labelSelector') ?? '';
        const labelled = (p) => sel.split(',').filter(Boolean).every((t) => (p.metadata.labels ?? {})[t.split('=')[0]] === t.split('=')[1]);
        const items = pods.filter((p) => !gone.has(p.metadata.name) && p.spec.nodeName === node && labelled(p));
        return send(200, { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '100' }, items });
      }
      m = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)(\/eviction)?$/.exec(u.pathname);
      const pod = m && pods.find((p) => p.metadata.namespace === m[1] && p.metadata.name === m[2]);
      if (!m || !pod || gone.has(pod.metadata.name)) return send(404, status(404, 'NotFound', `pods "${m?.[2] ?? ''}" not found`, { name: m?.[2] ?? '', kind: 'pods' }));
      const s = script.get(pod.metadata.name);
      if (m[3] && req.method === 'POST') {
        const dryRun = (JSON.parse(body).deleteOptions?.dryRun ?? []).length > 0;
        if (s.refuse > 0) {
          s.refuse--;
          return send(429, status(429, 'TooManyRequests', "Cannot evict pod as it would violate the pod's disruption budget.", { causes: [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 2 healthy pods and has 2 currently' }] }));
        }
        if (!dryRun) evicted.add(pod.metadata.name);
        return send(201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
      }
      if (req.method === 'DELETE') {
        if (!u.searchParams.get('dryRun')) evicted.add(pod.metadata.name);
        return send(200, pod);
      }
      if (req.method === 'GET') {
        if (evicted.has(pod.metadata.name)) {
          if (s.stays <= 0) {
            gone.add(pod.metadata.name);
            return send(404, status(404, 'NotFound', `pods "${pod.metadata.name}" not found`, { name: pod.metadata.name, kind: 'pods' }));
          }
          s.stays--;
        }
        return send(200, pod);
      }
      return send(405, status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'));
    });
  });
}

const results = [];
for (const kase of CASES) {
  const requests = [];
  const out = await kubectlAgainst(serve(kase, requests), kubectl, ['drain', ...kase.args], { tmpPrefix: 'kubemu-drain-golden-', env: { TZ: 'UTC' } });
  results.push({ name: kase.name, command: ['kubectl', 'drain', ...kase.args].join(' '), args: kase.args, pods: kase.pods, script: kase.script ?? {}, ...out, writes: requests.filter((r) => !r.startsWith('GET ')) });
  process.stderr.write(`${kase.name}: exit ${out.exitCode}\n`);
}
writeFileSync(join(here, 'runs.json'), `${JSON.stringify({ kubectl: kubectl.split('/').pop(), nodes: NODES, cases: results }, null, 2)}\n`);
