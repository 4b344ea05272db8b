#!/usr/bin/env node
// Regenerates test/golden/rollout/cases.json by running the real kubectl rollout subcommands
// against a stand-in API server on 127.0.0.1 holding the objects of cases-input.mjs (no cluster).
// The server answers discovery, GET and LIST (labelSelector of `k=v` terms), and records every
// PATCH it receives (content type and body), answering with the unchanged object; so the golden
// pins kubectl's output and the exact patch it sends. `rollout status` needs a watch and is not
// recorded here (the e2e transcript covers it).
//
// Usage: node test/golden/rollout/generate.mjs [/path/to/kubectl]   (default: kubectl.1.33)
// Then read the diff of cases.json before committing it.

import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubectlAgainst } from '../stub-kubectl.mjs';
import { CASES, OBJECTS } from './cases-input.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

/** plural → [group, kind] (all namespaced, all v1) */
const RESOURCES = { deployments: ['apps', 'Deployment'], replicasets: ['apps', 'ReplicaSet'], pods: ['', 'Pod'] };
const SHORT = { deployments: ['deploy'], replicasets: ['rs'], pods: ['po'] };

function discovery(path) {
  if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  if (path === '/apis') {
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } }] };
  }
  const gv = path === '/api/v1' ? '' : path === '/apis/apps/v1' ? 'apps' : undefined;
  if (gv === undefined) return undefined;
  const resources = Object.entries(RESOURCES)
    .filter(([, [g]]) => g === gv)
    .map(([plural, [, kind]]) => ({ name: plural, singularName: kind.toLowerCase(), namespaced: true, kind, verbs: ['get', 'list', 'watch', 'patch'], shortNames: SHORT[plural] }));
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv ? `${gv}/v1` : 'v1', resources };
}

function matchesLabels(o, sel) {
  if (!sel) return true;
  return sel.split(',').every((term) => {
    const [k, v] = term.split('=');
    return (o.metadata.labels ?? {})[k] === v;
  });
}

function serve(patches) {
  return createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const send = (code, body) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const disc = discovery(u.pathname);
    if (disc) return send(200, disc);
    const m = /^\/(?:api\/v1|apis\/apps\/v1)\/namespaces\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/.exec(u.pathname);
    const info = m ? RESOURCES[m[2]] : undefined;
    if (!m || !info) return send(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' });
    const [plural, name] = [m[2], m[3]];
    const all = OBJECTS[plural] ?? [];
    if (name === undefined) {
      const items = all.filter((o) => matchesLabels(o, u.searchParams.get('labelSelector')));
      return send(200, { kind: `${info[1]}List`, apiVersion: info[0] ? `${info[0]}/v1` : 'v1', metadata: { resourceVersion: '100' }, items });
    }
    const obj = all.find((o) => o.metadata.name === name);
    if (!obj) {
      return send(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${plural}.${info[0]} "${name}" not found`, reason: 'NotFound', details: { name, group: info[0], kind: plural }, code: 404 });
    }
    if (req.method === 'PATCH') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        patches.push({ path: u.pathname, query: u.search, contentType: req.headers['content-type'], body: JSON.parse(body) });
        send(200, obj);
      });
      return undefined;
    }
    return send(200, obj);
  });
}

const results = [];
for (const kase of CASES) {
  const patches = [];
  const server = serve(patches);
  const out = await kubectlAgainst(server, kubectl, kase.args, { tmpPrefix: 'kubemu-rollout-golden-', env: { TZ: 'UTC' } });
  results.push({ name: kase.name, command: ['kubectl', ...kase.args].join(' '), args: kase.args, ...out, patches });
  process.stderr.write(`${kase.name}: exit ${out.exitCode}\n`);
}
writeFileSync(join(here, 'cases.json'), `${JSON.stringify({ kubectl: kubectl.split('/').pop(), objects: OBJECTS, cases: results }, null, 2)}\n`);
