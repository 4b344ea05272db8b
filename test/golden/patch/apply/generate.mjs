#!/usr/bin/env node
// Regenerates cases.json: runs the real `kubectl apply` against a stand-in API server on
// 127.0.0.1 that answers GET with each case's live object (or 404) and records the PATCH or
// POST kubectl sends — the exact bytes of the three-way merge patch, its Content-Type, and
// the created object. No cluster is involved.
//
// Usage: node test/golden/patch/apply/generate.mjs [/path/to/kubectl]   (default kubectl.1.33)
// Then read the diff of cases.json before committing it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES } from './cases-input.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

const RESOURCES = [
  { gv: 'v1', plural: 'services', kind: 'Service' },
  { gv: 'apps/v1', plural: 'deployments', kind: 'Deployment' },
  { gv: 'kubemu.io/v1alpha1', plural: 'imagerepositories', kind: 'ImageRepository' },
];

function discovery(path) {
  if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  if (path === '/apis') {
    const groups = RESOURCES.filter((r) => r.gv.includes('/')).map((r) => {
      const [name, version] = r.gv.split('/');
      return { name, versions: [{ groupVersion: r.gv, version }], preferredVersion: { groupVersion: r.gv, version } };
    });
    return { kind: 'APIGroupList', apiVersion: 'v1', groups };
  }
  const gv = path === '/api/v1' ? 'v1' : path.startsWith('/apis/') ? path.slice(6) : undefined;
  const resources = RESOURCES.filter((r) => r.gv === gv).map((r) => ({
    name: r.plural,
    singularName: r.kind.toLowerCase(),
    namespaced: true,
    kind: r.kind,
    verbs: ['create', 'get', 'list', 'patch', 'update', 'delete'],
  }));
  return resources.length ? { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources } : undefined;
}

function serve(kase, requests) {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://stub');
      const send = (code, obj) => {
        res.writeHead(code, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(obj));
      };
      const disc = req.method === 'GET' ? discovery(u.pathname) : undefined;
      if (disc) return send(200, disc);
      if (!/\/namespaces\/default\//.test(u.pathname)) {
        return send(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 });
      }
      requests.push({ method: req.method, path: u.pathname, contentType: req.headers['content-type'] ?? '', body });
      if (req.method === 'GET') {
        if (kase.live) return send(200, kase.live);
        return send(404, {
          kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404,
          message: 'not found', details: { name: kase.file.metadata.name },
        });
      }
      if (req.method === 'POST') return send(201, JSON.parse(body));
      return send(200, kase.live);
    });
  });
}

function run(args, env) {
  return new Promise((resolve) => {
    execFile(kubectl, args, { env, timeout: 20000 }, (err, stdout, stderr) => {
      resolve({ stdout, stderr, exitCode: err ? (typeof err.code === 'number' ? err.code : 1) : 0 });
    });
  });
}

const results = [];
for (const kase of CASES) {
  const requests = [];
  const server = serve(kase, requests);
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const home = mkdtempSync(join(tmpdir(), 'kubemu-apply-golden-'));
  writeFileSync(
    join(home, 'config'),
    [
      'apiVersion: v1',
      'kind: Config',
      `clusters: [{name: stub, cluster: {server: "http://127.0.0.1:${server.address().port}"}}]`,
      'contexts: [{name: stub, context: {cluster: stub, user: stub, namespace: default}}]',
      'current-context: stub',
      'users: [{name: stub, user: {}}]',
      '',
    ].join('\n'),
  );
  writeFileSync(join(home, 'file.json'), JSON.stringify(kase.file, null, 2));
  const args = ['apply', '--validate=false', '--openapi-patch=false', '-f', join(home, 'file.json')];
  const env = { PATH: process.env.PATH ?? '', HOME: home, KUBECONFIG: join(home, 'config') };
  const out = await run(args, env);
  server.close();
  rmSync(home, { recursive: true, force: true });
  const write = requests.find((r) => r.method !== 'GET');
  results.push({
    name: kase.name,
    command: 'kubectl apply --validate=false --openapi-patch=false -f file.json',
    file: kase.file,
    live: kase.live,
    request: write ? { method: write.method, contentType: write.contentType, body: write.body } : null,
    stdout: out.stdout,
    stderr: out.stderr.replace(/\S*file\.json/g, 'file.json'),
    exitCode: out.exitCode,
  });
  process.stderr.write(`${kase.name}: exit ${out.exitCode} ${write ? write.method : 'no write'}\n`);
}
const version = await run(['version', '--client', '-o', 'json'], process.env);
writeFileSync(
  join(here, 'cases.json'),
  JSON.stringify({ kubectl: JSON.parse(version.stdout).clientVersion.gitVersion, results }, null, 1) + '\n',
);
