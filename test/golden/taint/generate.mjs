#!/usr/bin/env node
// Regenerates test/golden/taint/cases.json by running the real kubectl cordon, uncordon and taint
// against a stand-in API server on 127.0.0.1 holding the nodes of cases-input.mjs (no cluster).
// The server answers discovery, GET and LIST of nodes (labelSelector of `k=v` terms) and records
// every PATCH it receives (content type, query and body), answering with the node merged with the
// patch (what kube-apiserver would store: spec.taints is atomic, so a strategic merge of these
// patches is a JSON merge); each case starts from the objects as given. The golden pins kubectl's
// output, its errors (those it finds before any request included) and the exact patch it sends.
//
// Usage: node test/golden/taint/generate.mjs [/path/to/kubectl]   (default: kubectl.1.33)
// Then read the diff of cases.json before committing it.

import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubectlAgainst } from '../stub-kubectl.mjs';
import { CASES, OBJECTS } from './cases-input.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

const RESOURCES = {
  nodes: { kind: 'Node', namespaced: false, shortNames: ['no'] },
  pods: { kind: 'Pod', namespaced: true, shortNames: ['po'] },
};

function discovery(path) {
  if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  if (path === '/apis') return { kind: 'APIGroupList', apiVersion: 'v1', groups: [] };
  if (path !== '/api/v1') return undefined;
  const resources = Object.entries(RESOURCES).map(([plural, r]) => ({
    name: plural,
    singularName: r.kind.toLowerCase(),
    namespaced: r.namespaced,
    kind: r.kind,
    verbs: ['get', 'list', 'watch', 'patch', 'update'],
    shortNames: r.shortNames,
  }));
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'v1', resources };
}

function matchesLabels(o, sel) {
  if (!sel) return true;
  return sel.split(',').every((term) => {
    const [k, v] = term.split('=');
    return (o.metadata.labels ?? {})[k] === v;
  });
}

function merge(target, patch) {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = merge(out[k], v);
  }
  return out;
}

function serve(objects, patches) {
  return createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const send = (code, body) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const disc = discovery(u.pathname);
    if (disc) return send(200, disc);
    const m = /^\/api\/v1\/(?:namespaces\/([^/]+)\/)?([^/]+)(?:\/([^/]+))?$/.exec(u.pathname);
    const info = m ? RESOURCES[m[2]] : undefined;
    if (!m || !info) return send(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' });
    const [plural, name] = [m[2], m[3]];
    const all = objects[plural] ?? [];
    if (name === undefined) {
      const items = all.filter((o) => matchesLabels(o, u.searchParams.get('labelSelector')));
      return send(200, { kind: `${info.kind}List`, apiVersion: 'v1', metadata: { resourceVersion: '100' }, items });
    }
    const i = all.findIndex((o) => o.metadata.name === name);
    if (i < 0) {
      return send(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${plural} "${name}" not found`, reason: 'NotFound', details: { name, kind: plural }, code: 404 });
    }
    if (req.method === 'PATCH' || req.method === 'PUT') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body);
        patches.push({ method: req.method, path: u.pathname, query: u.search, contentType: req.headers['content-type'], body: parsed });
        const next = req.method === 'PUT' ? parsed : merge(all[i], parsed);
        if (!u.searchParams.get('dryRun')) all[i] = next;
        send(200, next);
      });
      return undefined;
    }
    return send(200, all[i]);
  });
}

const results = [];
for (const kase of CASES) {
  const patches = [];
  const server = serve(structuredClone(OBJECTS), patches);
  const out = await kubectlAgainst(server, kubectl, kase.args, { tmpPrefix: 'kubemu-taint-golden-', env: { TZ: 'UTC' } });
  results.push({ name: kase.name, command: ['kubectl', ...kase.args].join(' '), args: kase.args, ...out, patches });
  process.stderr.write(`${kase.name}: exit ${out.exitCode}\n`);
}
writeFileSync(join(here, 'cases.json'), `${JSON.stringify({ kubectl: kubectl.split('/').pop(), objects: OBJECTS, cases: results }, null, 2)}\n`);
