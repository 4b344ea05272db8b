#!/usr/bin/env node
// Regenerates test/golden/create/expected/*.json from the real kubectl.
//
// Each case of cases.json runs `kubectl <args>` with inputs/ as the working directory
// (files for --from-file, --from-env-file and -f live there) and `env` added to a minimal
// environment. Cases with "server" get `-s http://127.0.0.1:<port>` pointing at a stand-in
// API server started here: it serves discovery for the kinds below and answers every POST
// with 201 and the posted body, recording the requests. That is enough for `kubectl run`
// (which needs a RESTMapper even for --dry-run=client), `create -f --dry-run=client`, and for
// recording the exact objects kubectl POSTs (`--save-config` annotations). The server flag is
// not part of the recorded command.
//
// Usage (from the repo root): node test/golden/create/generate.mjs [kubectl-binary]
// Read every changed file before committing it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';
const cases = JSON.parse(readFileSync(join(here, 'cases.json'), 'utf8'));

const RESOURCES = [
  { gv: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false },
  { gv: 'v1', plural: 'configmaps', kind: 'ConfigMap', namespaced: true },
  { gv: 'v1', plural: 'secrets', kind: 'Secret', namespaced: true },
  { gv: 'v1', plural: 'services', kind: 'Service', namespaced: true },
  { gv: 'v1', plural: 'pods', kind: 'Pod', namespaced: true },
  { gv: 'apps/v1', plural: 'deployments', kind: 'Deployment', namespaced: true },
];

function discovery(path) {
  if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  if (path === '/apis') {
    return {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } }],
    };
  }
  const gv = path === '/api/v1' ? 'v1' : path.startsWith('/apis/') ? path.slice(6) : undefined;
  const resources = RESOURCES.filter((r) => r.gv === gv).map((r) => ({
    name: r.plural,
    singularName: r.kind.toLowerCase(),
    namespaced: r.namespaced,
    kind: r.kind,
    verbs: ['create', 'get', 'list', 'patch', 'update', 'delete'],
  }));
  return resources.length ? { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources } : undefined;
}

function startServer(requests) {
  const server = createServer((req, res) => {
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
      if (req.method === 'POST') {
        // Typed clients send protobuf, which this stand-in does not decode: those cases are
        // left out of cases.json (kubectl would fail on the 415).
        if (!String(req.headers['content-type']).includes('json')) return send(415, { kind: 'Status', code: 415 });
        requests.push({ method: req.method, path: u.pathname, query: u.search, body: JSON.parse(body) });
        return send(201, JSON.parse(body));
      }
      return send(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function run(args, env) {
  return new Promise((resolve) => {
    execFile(kubectl, args, { cwd: join(here, 'inputs'), env, timeout: 20000 }, (err, stdout, stderr) => {
      resolve({ stdout, stderr, exitCode: err ? (typeof err.code === 'number' ? err.code : 1) : 0 });
    });
  });
}

mkdirSync(join(here, 'expected'), { recursive: true });
for (const c of cases) {
  const home = mkdtempSync(join(tmpdir(), 'kubectl-home-'));
  const env = { PATH: '/usr/bin:/bin', HOME: home, KUBECONFIG: join(home, 'none'), ...(c.env ?? {}) };
  const requests = [];
  let server;
  let args = c.args;
  if (c.server) {
    server = await startServer(requests);
    args = ['-s', `http://127.0.0.1:${server.address().port}`, ...c.args];
  }
  const r = await run(args, env);
  server?.close();
  rmSync(home, { recursive: true, force: true });
  const out = { command: ['kubectl', ...c.args], ...r };
  if (c.server) out.requests = requests;
  writeFileSync(join(here, 'expected', `${c.name}.json`), JSON.stringify(out, null, 2) + '\n');
}
console.log(`${cases.length} cases written`);
