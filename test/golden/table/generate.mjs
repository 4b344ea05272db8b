#!/usr/bin/env node
// Regenerates test/golden/table/cases.json by running the real kubectl against a stand-in API
// server on 127.0.0.1 (no cluster is involved).
//
// What this oracle checks: everything kubectl does on the client side with a server-side Table —
// header upper-casing, hiding wide columns, NAMESPACE/-L/--show-labels decoration, the kind
// prefix and blank lines between types, --no-headers, cell truncation, the 6/4/3 tabwriter with
// RememberWidths (get -w), the EVENT column. The *cells* served here come from kubemu's own
// per-kind printers (dist/src/kubectl/printers/table), because the stand-in server has to compute
// them somehow; their correctness is pinned separately by the unit tests against printers.go.
//
// Usage (after `npx tsc -p tsconfig.json`):
//   node test/golden/table/generate.mjs [/path/to/kubectl]   (default: kubectl.1.33)
// Then read the diff of cases.json before committing it.

import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubectlAgainst } from '../stub-kubectl.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const { tableFor } = await import(join(root, 'dist/src/kubectl/printers/table/registry.js'));
const { CASES, NOW_MS, RESOURCES } = await import(join(here, 'cases-input.mjs'));

const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

/** The Table the apiserver would send for `objects` (wide cells always included). */
function toTable(res, objects, nowMs, withColumns = true) {
  const table = tableFor(res.label);
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '100' },
    columnDefinitions: withColumns
      ? table.columns.map((c) => ({
          name: c.name,
          type: 'string',
          format: c.format ?? '',
          description: '',
          priority: c.priority,
        }))
      : [],
    rows: objects.map((o) => ({
      cells: table.row(o, nowMs),
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: o.metadata },
    })),
  };
}

function discovery(url) {
  if (url === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  if (url === '/apis') {
    const groups = new Map();
    for (const r of Object.values(RESOURCES)) {
      if (r.group) groups.set(r.group, r.version);
    }
    return {
      kind: 'APIGroupList',
      apiVersion: 'v1',
      groups: [...groups].map(([name, version]) => ({
        name,
        versions: [{ groupVersion: `${name}/${version}`, version }],
        preferredVersion: { groupVersion: `${name}/${version}`, version },
      })),
    };
  }
  const gv = url === '/api/v1' ? 'v1' : url.startsWith('/apis/') ? url.slice('/apis/'.length) : undefined;
  if (!gv) return undefined;
  const resources = Object.entries(RESOURCES)
    .filter(([, r]) => (r.group ? `${r.group}/${r.version}` : r.version) === gv)
    .map(([plural, r]) => ({
      name: plural,
      singularName: r.kind.toLowerCase(),
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: ['get', 'list', 'watch'],
      shortNames: r.shortNames ?? [],
    }));
  if (resources.length === 0) return undefined;
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources };
}

function serve(kase) {
  return createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const send = (code, body) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const disc = discovery(u.pathname);
    if (disc) return send(200, disc);
    const m = /^\/(?:api\/v1|apis\/[^/]+\/[^/]+)(?:\/namespaces\/([^/]+))?\/([^/]+)$/.exec(u.pathname);
    const plural = m?.[2];
    const resource = plural ? RESOURCES[plural] : undefined;
    if (!m || !resource) return send(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 });
    const ns = m[1];
    const objects = (kase.objects[plural] ?? []).filter((o) => !ns || o.metadata.namespace === ns);
    if (u.searchParams.get('watch') === 'true') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
      for (const ev of kase.watch?.events ?? []) {
        res.write(JSON.stringify({ type: ev.type, object: toTable(resource, [ev.object], ev.nowMs) }) + '\n');
      }
      return res.end();
    }
    return send(200, toTable(resource, objects, kase.nowMs ?? NOW_MS));
  });
}

const results = [];
for (const kase of CASES) {
  const server = serve(kase);
  const out = await kubectlAgainst(server, kubectl, kase.args, { tmpPrefix: 'kubemu-table-golden-' });
  results.push({
    name: kase.name,
    command: ['kubectl', ...kase.args].join(' '),
    objects: kase.objects,
    ...(kase.render ? { render: kase.render } : {}),
    ...(kase.watch ? { watch: kase.watch } : {}),
    ...out,
  });
  process.stderr.write(`${kase.name}: exit ${out.exitCode}\n`);
}

writeFileSync(
  join(here, 'cases.json'),
  JSON.stringify(
    { kubectl, generatedBy: 'test/golden/table/generate.mjs', nowMs: NOW_MS, resources: RESOURCES, results },
    null,
    2,
  ) + '\n',
);
