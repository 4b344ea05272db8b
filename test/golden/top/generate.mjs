#!/usr/bin/env node
// Regenerates test/golden/top/cases.json by running the real kubectl top against a stand-in API
// server on 127.0.0.1 that serves metrics.k8s.io/v1beta1 (PodMetrics, NodeMetrics, as
// metrics-server writes them: cpu in nanocores, memory in Ki) and the nodes and pods kubectl
// reads next to them. No clock is involved: top prints no ages (its one age, in `Metrics not
// available for pod`, is not recorded here).
//
// Usage: node test/golden/top/generate.mjs [/path/to/kubectl]   (default: kubectl.1.33)
// Then read the diff of cases.json before committing it; test/unit/metrics/top-golden.test.ts
// replays each case through kubemu's printer.

import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubectlAgainst } from '../stub-kubectl.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kubectl = process.argv[2] ?? '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

const TS = '2026-10-26T19:10:00Z';
const pm = (namespace, name, labels, containers) => ({
  kind: 'PodMetrics',
  apiVersion: 'metrics.k8s.io/v1beta1',
  metadata: { name, namespace, creationTimestamp: TS, labels },
  timestamp: TS,
  window: '15s',
  containers: containers.map(([n, cpu, memory]) => ({ name: n, usage: { cpu, memory } })),
});
const nm = (name, cpu, memory) => ({
  kind: 'NodeMetrics',
  apiVersion: 'metrics.k8s.io/v1beta1',
  metadata: { name, creationTimestamp: TS, labels: { 'kubernetes.io/hostname': name } },
  timestamp: TS,
  window: '15s',
  usage: { cpu, memory },
});
const node = (name, allocatable, capacity, labels = {}) => ({
  kind: 'Node',
  apiVersion: 'v1',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
  status: { allocatable, capacity },
});

export const POD_METRICS = [
  pm('default', 'web-7957885594-5z84h', { app: 'web' }, [['web', '339012345n', '99524Ki']]),
  pm('default', 'web-7957885594-dkhsv', { app: 'web' }, [['web', '1234567n', '10244Ki']]),
  pm('default', 'api-6b8f9c7d5-abcde', { app: 'api' }, [['api', '45m', '128Mi'], ['sidecar', '999999n', '20Mi']]),
  pm('kube-system', 'etcd-k8s-master-1', { component: 'etcd' }, [['etcd', '21000000n', '51200Ki']]),
  pm('kube-system', 'kube-apiserver-k8s-master-1', { component: 'kube-apiserver' }, [['kube-apiserver', '62500000n', '300Mi']]),
];
export const NODE_METRICS = [nm('k8s-master-1', '158012345n', '1812340Ki'), nm('k8s-node-1', '1414000000n', '3400Mi'), nm('k8s-node-2', '75m', '700Mi')];
export const NODES = [
  node('k8s-master-1', { cpu: '2', memory: '3913420Ki', pods: '110' }, { cpu: '2', memory: '4015820Ki', pods: '110' }, { 'node-role.kubernetes.io/control-plane': '' }),
  node('k8s-node-1', { cpu: '1900m', memory: '7Gi', pods: '110' }, { cpu: '2', memory: '8Gi', pods: '110' }),
  node('k8s-node-2', { cpu: '2', memory: '8Gi', pods: '110' }, { cpu: '2', memory: '8Gi', pods: '110' }),
  // a node whose kubelet metrics-server cannot reach: listed, no NodeMetrics
  node('k8s-node-3', { cpu: '2', memory: '8Gi', pods: '110' }, { cpu: '2', memory: '8Gi', pods: '110' }),
];

export const CASES = [
  { name: 'pods', args: ['top', 'pod'] },
  { name: 'pods-alias', args: ['top', 'pods', '--sort-by=cpu'] },
  { name: 'pods-memory', args: ['top', 'po', '--sort-by=memory'] },
  { name: 'pods-containers', args: ['top', 'pod', '--containers'] },
  { name: 'pods-all', args: ['top', 'pod', '-A'] },
  { name: 'pods-all-containers-sum', args: ['top', 'pod', '-A', '--containers', '--sum'] },
  { name: 'pods-sum', args: ['top', 'pod', '--sum'] },
  { name: 'pods-no-headers-sum', args: ['top', 'pod', '--no-headers', '--sum', '-A'] },
  { name: 'pods-selector', args: ['top', 'pod', '-l', 'app=web'] },
  { name: 'pod-named', args: ['top', 'pod', 'api-6b8f9c7d5-abcde', '--containers'] },
  { name: 'pods-kube-system', args: ['top', 'pod', '-n', 'kube-system', '--no-headers'] },
  { name: 'nodes', args: ['top', 'node'] },
  { name: 'nodes-capacity', args: ['top', 'nodes', '--show-capacity'] },
  { name: 'nodes-cpu', args: ['top', 'no', '--sort-by=cpu', '--no-headers'] },
  { name: 'nodes-memory', args: ['top', 'node', '--sort-by=memory'] },
  { name: 'node-named', args: ['top', 'node', 'k8s-node-1'] },
  { name: 'pods-empty-namespace', args: ['top', 'pod', '-n', 'empty'] },
  { name: 'bad-sort', args: ['top', 'pod', '--sort-by=name'] },
  { name: 'name-and-selector', args: ['top', 'pod', 'x', '-l', 'a=b'] },
  { name: 'node-name-and-selector', args: ['top', 'node', 'x', '-l', 'a=b'] },
  { name: 'two-names', args: ['top', 'pod', 'a', 'b'] },
  { name: 'node-two-names', args: ['top', 'node', 'a', 'b'] },
  { name: 'unknown-subcommand', args: ['top', 'foo'] },
  { name: 'no-subcommand', args: ['top'] },
  { name: 'unknown-flag', args: ['top', 'pod', '--bogus'] },
  { name: 'flag-needs-argument', args: ['top', 'node', '--sort-by'] },
  { name: 'bad-bool', args: ['top', 'pod', '--containers=maybe'] },
  { name: 'bad-bool-shorthand', args: ['top', 'pod', '-A=x'] },
  { name: 'bad-bool-node', args: ['top', 'nodes', '--show-capacity=nah'] },
];

const GROUPS = {
  kind: 'APIGroupList',
  apiVersion: 'v1',
  groups: [{ name: 'metrics.k8s.io', versions: [{ groupVersion: 'metrics.k8s.io/v1beta1', version: 'v1beta1' }], preferredVersion: { groupVersion: 'metrics.k8s.io/v1beta1', version: 'v1beta1' } }],
};

function matchesLabels(o, sel) {
  if (!sel) return true;
  return sel.split(',').every((term) => {
    const [k, v] = term.split('=');
    return (o.metadata.labels ?? {})[k] === v;
  });
}

function serve() {
  return createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const send = (code, body) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const p = u.pathname;
    const sel = u.searchParams.get('labelSelector');
    const list = (kind, apiVersion, items) => send(200, { kind, apiVersion, metadata: {}, items: items.filter((o) => matchesLabels(o, sel)) });
    const notFound = (gr, name) => send(404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${gr} "${name}" not found`, reason: 'NotFound', details: { name }, code: 404 });
    if (p === '/api') return send(200, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] });
    if (p === '/apis') return send(200, GROUPS);
    let m;
    if ((m = /^\/apis\/metrics\.k8s\.io\/v1beta1(?:\/namespaces\/([^/]+))?\/pods(?:\/([^/]+))?$/.exec(p))) {
      const items = POD_METRICS.filter((o) => !m[1] || o.metadata.namespace === m[1]);
      if (m[2]) {
        const o = items.find((x) => x.metadata.name === m[2]);
        return o ? send(200, o) : notFound('podmetrics.metrics.k8s.io', `${m[1]}/${m[2]}`);
      }
      return list('PodMetricsList', 'metrics.k8s.io/v1beta1', items);
    }
    if ((m = /^\/apis\/metrics\.k8s\.io\/v1beta1\/nodes(?:\/([^/]+))?$/.exec(p))) {
      if (m[1]) {
        const o = NODE_METRICS.find((x) => x.metadata.name === m[1]);
        return o ? send(200, o) : notFound('nodemetrics.metrics.k8s.io', m[1]);
      }
      return list('NodeMetricsList', 'metrics.k8s.io/v1beta1', NODE_METRICS);
    }
    if ((m = /^\/api\/v1\/nodes(?:\/([^/]+))?$/.exec(p))) {
      if (m[1]) {
        const o = NODES.find((x) => x.metadata.name === m[1]);
        return o ? send(200, o) : notFound('nodes', m[1]);
      }
      return list('NodeList', 'v1', NODES);
    }
    if (/^\/api\/v1\/namespaces\/[^/]+\/pods$/.test(p)) return list('PodList', 'v1', []);
    return send(404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'the server could not find the requested resource' });
  });
}

const results = [];
for (const kase of CASES) {
  const out = await kubectlAgainst(serve(), kubectl, kase.args, { tmpPrefix: 'kubemu-top-golden-' });
  results.push({ name: kase.name, command: ['kubectl', ...kase.args].join(' '), args: kase.args, stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode });
  process.stderr.write(`${kase.name}: exit ${out.exitCode}\n`);
}

writeFileSync(
  join(here, 'cases.json'),
  JSON.stringify({ kubectl, generatedBy: 'test/golden/top/generate.mjs', podMetrics: POD_METRICS, nodeMetrics: NODE_METRICS, nodes: NODES, results }, null, 2) + '\n',
);
