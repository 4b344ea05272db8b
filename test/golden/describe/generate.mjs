#!/usr/bin/env node
// Regenerates test/golden/describe/cases.json by running the real kubectl describe against a
// stand-in API server on 127.0.0.1 that holds the objects of cases-input.mjs (no cluster).
//
// kubectl computes ages with the real clock, so every timestamp is shifted by a whole number of
// seconds to "now" when served, kubectl is started right after a second boundary, and the
// absolute RFC1123Z times in its output are shifted back. The recorded text is then what kubectl
// prints when the objects' clock reads NOW.
//
// Usage: node test/golden/describe/generate.mjs [/path/to/kubectl]   (default: kubectl.1.33)
// Then read the diff of cases.json before committing it.

import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubectlAgainst } from '../stub-kubectl.mjs';
import { CASES, NOW, OBJECTS } from './cases-input.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

/** plural → [group, version, kind, namespaced] */
const RESOURCES = {
  configmaps: ['', 'v1', 'ConfigMap', true],
  events: ['', 'v1', 'Event', true],
  namespaces: ['', 'v1', 'Namespace', false],
  nodes: ['', 'v1', 'Node', false],
  pods: ['', 'v1', 'Pod', true],
  secrets: ['', 'v1', 'Secret', true],
  services: ['', 'v1', 'Service', true],
  // served empty: describe namespace lists them, as on any real cluster
  resourcequotas: ['', 'v1', 'ResourceQuota', true],
  limitranges: ['', 'v1', 'LimitRange', true],
  deployments: ['apps', 'v1', 'Deployment', true],
  replicasets: ['apps', 'v1', 'ReplicaSet', true],
  leases: ['coordination.k8s.io', 'v1', 'Lease', true],
  endpointslices: ['discovery.k8s.io', 'v1', 'EndpointSlice', true],
  poddisruptionbudgets: ['policy', 'v1', 'PodDisruptionBudget', true],
  horizontalpodautoscalers: ['autoscaling', 'v2', 'HorizontalPodAutoscaler', true],
};
const SHORT = { deployments: ['deploy'], replicasets: ['rs'], pods: ['po'], services: ['svc'], namespaces: ['ns'], nodes: ['no'], configmaps: ['cm'], events: ['ev'], poddisruptionbudgets: ['pdb'], horizontalpodautoscalers: ['hpa'] };

function discovery(path) {
  if (path === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  const groups = [...new Map(Object.values(RESOURCES).filter(([g]) => g).map(([g, v]) => [g, v])).entries()];
  if (path === '/apis') {
    return {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: groups.map(([g, v]) => ({ name: g, versions: [{ groupVersion: `${g}/${v}`, version: v }], preferredVersion: { groupVersion: `${g}/${v}`, version: v } })),
    };
  }
  const gv = path === '/api/v1' ? 'v1' : path.startsWith('/apis/') ? path.slice(6) : undefined;
  if (!gv || gv.split('/').length !== 2 && gv !== 'v1') return undefined;
  const resources = Object.entries(RESOURCES)
    .filter(([, [g, v]]) => (g ? `${g}/${v}` : v) === gv)
    .map(([plural, [, , kind, namespaced]]) => ({
      name: plural,
      singularName: kind.toLowerCase(),
      namespaced,
      kind,
      verbs: ['get', 'list', 'watch'],
      shortNames: SHORT[plural] ?? [],
    }));
  return resources.length ? { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources } : undefined;
}

const TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** Every RFC 3339 string moved by `shiftMs` (fractions kept). */
function shifted(v, shiftMs) {
  if (typeof v === 'string' && TS.test(v)) {
    const frac = /\.(\d+)Z$/.exec(v)?.[1];
    const base = new Date(Date.parse(v.replace(/\.\d+Z$/, 'Z')) + shiftMs).toISOString().replace('.000Z', 'Z');
    return frac ? base.replace('Z', `.${frac}Z`) : base;
  }
  if (Array.isArray(v)) return v.map((x) => shifted(x, shiftMs));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shifted(x, shiftMs)]));
  return v;
}

const field = (o, path) => path.split('.').reduce((x, k) => (x && typeof x === 'object' ? x[k] : undefined), o);

function matchesFields(o, sel) {
  if (!sel) return true;
  return sel.split(',').every((term) => {
    const m = /^([^!=]+)(!=|==|=)(.*)$/.exec(term);
    const v = String(field(o, m[1]) ?? '');
    return m[2] === '!=' ? v !== m[3] : v === m[3];
  });
}

function matchesLabels(o, sel) {
  if (!sel) return true;
  return sel.split(',').every((term) => {
    const [k, v] = term.split('=');
    return (o.metadata.labels ?? {})[k] === v;
  });
}

function serve(shiftMs) {
  return createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const send = (code, body) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const disc = discovery(u.pathname);
    if (disc) return send(200, disc);
    const m = /^\/(?:api\/v1|apis\/([^/]+)\/v[12])(?:\/namespaces\/([^/]+))?\/([^/]+)(?:\/([^/]+))?$/.exec(u.pathname);
    const plural = m?.[3];
    const info = plural ? RESOURCES[plural] : undefined;
    if (!m || !info) return send(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' });
    const [group, , kind, namespaced] = info;
    const ns = m[2];
    const name = m[4];
    const all = (OBJECTS[plural] ?? []).filter((o) => !namespaced || !ns || o.metadata.namespace === ns);
    if (name !== undefined) {
      const obj = all.find((o) => o.metadata.name === name);
      if (!obj) {
        const gr = group ? `${plural}.${group}` : plural;
        return send(404, {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: `${gr} "${name}" not found`,
          reason: 'NotFound',
          details: { name, group, kind: plural },
          code: 404,
        });
      }
      return send(200, shifted(obj, shiftMs));
    }
    const items = all.filter((o) => matchesFields(o, u.searchParams.get('fieldSelector')) && matchesLabels(o, u.searchParams.get('labelSelector')));
    return send(200, {
      kind: `${kind}List`,
      apiVersion: group ? `${group}/v1` : 'v1',
      metadata: { resourceVersion: '100' },
      items: items.map((o) => shifted(o, shiftMs)),
    });
  });
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n) => String(n).padStart(2, '0');
/** Shifts every RFC1123Z and RFC 3339 time in kubectl's output back by `shiftMs`. */
function unshiftText(text, shiftMs) {
  text = text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, (ts) => shifted(ts, -shiftMs));
  return text.replace(/(Sun|Mon|Tue|Wed|Thu|Fri|Sat), (\d\d) (\w{3}) (\d{4}) (\d\d):(\d\d):(\d\d) \+0000/g, (all, _d, day, mon, year, h, mi, s) => {
    const ms = Date.UTC(Number(year), MONTHS.indexOf(mon), Number(day), Number(h), Number(mi), Number(s));
    if (Number(year) < 1000) return all;
    const d = new Date(ms - shiftMs);
    return `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
  });
}

const results = [];
for (const kase of CASES) {
  // Start just after a second boundary so that the ages kubectl computes match NOW exactly.
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
  const shiftMs = Math.floor(Date.now() / 1000) * 1000 - NOW;
  const server = serve(shiftMs);
  const out = await kubectlAgainst(server, kubectl, kase.args, { tmpPrefix: 'kubemu-describe-golden-', env: { TZ: 'UTC' } });
  results.push({
    name: kase.name,
    command: ['kubectl', ...kase.args].join(' '),
    args: kase.args,
    stdout: unshiftText(out.stdout, shiftMs),
    stderr: out.stderr,
    exitCode: out.exitCode,
  });
  process.stderr.write(`${kase.name}: exit ${out.exitCode}\n`);
}

writeFileSync(join(here, 'cases.json'), JSON.stringify({ kubectl, generatedBy: 'test/golden/describe/generate.mjs', nowMs: NOW, objects: OBJECTS, results }, null, 2) + '\n');
