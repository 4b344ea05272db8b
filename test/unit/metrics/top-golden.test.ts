/**
 * Replays test/golden/top/cases.json (real kubectl 1.33's `top` against a stand-in metrics.k8s.io,
 * recorded by generate.mjs next to it) through kubemu: the command lines kubectl refuses before
 * any request go through kubemu's CLI (a database that must never be opened); the others through
 * kubemu's runTopPod/runTopNode over the same recorded PodMetrics, NodeMetrics and nodes. Byte for
 * byte, stdout and stderr.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { notFound } from '../../../src/apiserver/errors.js';
import { selectorMatches } from '../../../src/labels/label-selector.js';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { NodeMetrics, PodMetrics } from '../../../src/api/metrics/resource-metrics.js';
import { runTopNode, runTopPod, validateTopNode, validateTopPod, type TopData } from '../../../src/kubectl/cmd/top/run-top.js';
import { CliError } from '../../../src/kubectl/util/errors.js';
import { REPO_ROOT } from '../../repo-root.js';

interface Recorded {
  name: string;
  args: string[];
  stdout: string;
  stderr: string;
  exitCode: number;
}
interface Golden {
  podMetrics: PodMetrics[];
  nodeMetrics: NodeMetrics[];
  nodes: KubeObject[];
  results: Recorded[];
}

const golden = JSON.parse(readFileSync(join(REPO_ROOT, 'test/golden/top/cases.json'), 'utf8')) as Golden;

/** The recorded server's answers, as kubemu's top reads them (no pods: the stand-in serves none). */
const data: TopData = {
  podMetrics: (ns, sel) => golden.podMetrics.filter((m) => (ns === undefined || m.metadata.namespace === ns) && selectorMatches(sel, m.metadata.labels)),
  podMetricsOf(ns, name) {
    const m = golden.podMetrics.find((x) => x.metadata.namespace === ns && x.metadata.name === name);
    if (!m) throw notFound('podmetrics', 'metrics.k8s.io', `${ns}/${name}`);
    return m;
  },
  pods: () => [],
  nodeMetrics: () => golden.nodeMetrics,
  nodeMetricsOf(name) {
    const m = golden.nodeMetrics.find((x) => x.metadata.name === name);
    if (!m) throw notFound('nodemetrics', 'metrics.k8s.io', name);
    return m;
  },
  nodes: (name, sel) => golden.nodes.filter((n) => (name === undefined ? selectorMatches(sel, n.metadata.labels) : n.metadata.name === name)),
  nowMs: () => 0,
};

/** The flags of the recorded command lines (each is one kubectl accepts). */
function parse(args: string[]) {
  const rest = args.slice(2);
  const flags = new Map<string, string>();
  const names: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '-l' || a === '-n') flags.set(a, rest[++i]!);
    else if (a.startsWith('--sort-by=')) flags.set('--sort-by', a.slice('--sort-by='.length));
    else if (a.startsWith('-')) flags.set(a, 'true');
    else names.push(a);
  }
  return { sub: args[1]!, flags, names };
}

const USAGE_CASES = new Set(['bad-sort', 'name-and-selector', 'node-name-and-selector', 'two-names', 'node-two-names', 'unknown-subcommand', 'no-subcommand', 'unknown-flag', 'flag-needs-argument', 'bad-bool', 'bad-bool-shorthand', 'bad-bool-node']);

for (const c of golden.results) {
  test(`kubectl ${c.args.join(' ')} (${c.name})`, async () => {
    if (USAGE_CASES.has(c.name)) {
      const { io, output } = bufferIO({ env: { KUBEMU_DB: '/nonexistent/never-opened.db' } });
      const code = await main(['node', 'kubectl', ...c.args], io);
      assert.equal(output.stderr, c.stderr);
      assert.equal(output.stdout, c.stdout);
      assert.equal(code, c.exitCode);
      return;
    }
    const { sub, flags, names } = parse(c.args);
    let out = '';
    let err = '';
    const io = { out: (t: string) => (out += t), err: (t: string) => (err += t) };
    let exit = 0;
    try {
      if (['pod', 'pods', 'po'].includes(sub)) {
        const o = {
          namespace: flags.get('-n') ?? 'default',
          labelSelector: flags.get('-l') ?? '',
          fieldSelector: '',
          sortBy: flags.get('--sort-by') ?? '',
          allNamespaces: flags.has('-A'),
          printContainers: flags.has('--containers'),
          noHeaders: flags.has('--no-headers'),
          sum: flags.has('--sum'),
          ...(names[0] !== undefined ? { name: names[0] } : {}),
        };
        validateTopPod(o);
        runTopPod(data, o, io);
      } else {
        const o = {
          selector: flags.get('-l') ?? '',
          sortBy: flags.get('--sort-by') ?? '',
          noHeaders: flags.has('--no-headers'),
          showCapacity: flags.has('--show-capacity'),
          ...(names[0] !== undefined ? { name: names[0] } : {}),
        };
        validateTopNode(o);
        runTopNode(data, o, io);
      }
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      err += `error: ${e.message}\n`;
      exit = 1;
    }
    assert.equal(out, c.stdout);
    assert.equal(err, c.stderr);
    assert.equal(exit, c.exitCode);
  });
}
