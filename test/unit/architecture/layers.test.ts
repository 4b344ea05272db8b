/**
 * The layering of src/, written once: a module imports only from its own package or from a package
 * ranked below it, and no import cycle exists anywhere. Known violations are listed (with what removes
 * them) so that this test passes today and fails on any new one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REPO_ROOT } from '../../repo-root.js';
import { type ImportEdge, importCycles, importGraph } from './import-graph.js';

/**
 * The rule. Each row is one rank, top first; a package (the folder under src/) may import its own
 * modules and any package of a LOWER row, never one of its own row or above. Packages in one row are
 * siblings that stay independent of each other.
 *
 * - cli: the entry point and the table of commands (kubectl's and kubemu's own).
 * - tools: kubemu's own commands (replay, etcdctl, cluster); they use kubectl's libraries.
 * - kubectl: kubectl's verbs (cmd/<verb>/) and libraries (resource, printers, describe, manifests).
 * - cluster: opening a cluster file, bootstrap, static pods.
 * - controllers: the control plane.
 * - images, logs: the fake image registry and container logs; shared by controllers and above, and
 *   they read the apiserver's types (ImageBehavior, KubeObject) and resource table.
 * - apiserver: resources, admission, validation, defaults, patches.
 * - storage: the keyspace, its SQLite file and the timer queue.
 * - api: the shared object model (issue 10, not yet written).
 * - sim, labels: the cluster clock and random source; label selectors.
 * - common: Go-compatible helpers with no dependency on anything else of ours.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['cli'],
  ['tools'],
  ['kubectl'],
  ['cluster'],
  ['controllers'],
  ['images', 'logs'],
  ['apiserver'],
  ['storage'],
  ['api'],
  ['sim', 'labels'],
  ['common'],
];

interface KnownViolation {
  from: string;
  to: string;
  /** why it exists and what removes it */
  why: string;
}

/**
 * Today's violations, each an import edge: ignored by both checks below (so a cycle through one of
 * them is not reported), and each must still exist, so fixing one means deleting its row here.
 */
const KNOWN_VIOLATIONS: readonly KnownViolation[] = [
  // none today: src/cluster/time.ts took the last two (control-plane.ts and sim/run-until.ts → cluster.ts)
];

function packageOf(module: string): string {
  return module.split('/')[1]!;
}

function rankOf(pkg: string): number {
  const rank = LAYERS.findIndex((row) => row.includes(pkg));
  if (rank < 0) throw new Error(`src/${pkg}/ is in no layer: add it to LAYERS in ${__filename}`);
  return rank;
}

const graph = importGraph(REPO_ROOT);
const isKnown = (e: ImportEdge): boolean => KNOWN_VIOLATIONS.some((k) => k.from === e.from && k.to === e.to);

test('every package of src/ has a layer', () => {
  for (const pkg of new Set(graph.modules.map(packageOf))) rankOf(pkg);
});

test('no import points up the layers or across to a sibling package', () => {
  const offenders = graph.edges
    .filter((e) => packageOf(e.from) !== packageOf(e.to) && rankOf(packageOf(e.to)) <= rankOf(packageOf(e.from)))
    .filter((e) => !isKnown(e))
    .map((e) => `${e.from}:${e.line} imports ${e.to} (${packageOf(e.from)} may not import ${packageOf(e.to)})`);
  assert.deepEqual(offenders, [], `imports against the layers:\n  ${offenders.join('\n  ')}\n`);
});

/**
 * Inside src/kubectl/, the same rule one level down (upstream kubectl's layout): a verb's folder
 * cmd/<verb>/ imports cmd/util/ and the libraries, never another verb; the libraries point down
 * this list. Inside src/tools/, each tool is its own folder and imports no other tool.
 */
export const KUBECTL_LAYERS: readonly (readonly string[])[] = [
  ['cmd/<verb>'],
  ['cmd/util'],
  ['describe', 'generate', 'metadata-edit', 'drain'],
  ['resource'],
  ['apply'],
  ['printers'],
  ['manifests'],
  ['util'],
];

/** `cmd/util`, `cmd/get`, `printers`: the part of a module under src/kubectl/ that the rule ranks. */
function kubectlPartOf(module: string): string {
  const [, , first, second] = module.split('/');
  return first === 'cmd' ? `cmd/${second}` : first!;
}

function kubectlRankOf(part: string): number {
  const row = part.startsWith('cmd/') && part !== 'cmd/util' ? 'cmd/<verb>' : part;
  const rank = KUBECTL_LAYERS.findIndex((r) => r.includes(row));
  if (rank < 0) throw new Error(`src/kubectl/${part}/ is in no layer: add it to KUBECTL_LAYERS in ${__filename}`);
  return rank;
}

test('inside kubectl: verbs import no other verb, libraries point down', () => {
  const offenders = graph.edges
    .filter((e) => packageOf(e.from) === 'kubectl' && packageOf(e.to) === 'kubectl')
    .filter((e) => {
      const from = kubectlPartOf(e.from);
      const to = kubectlPartOf(e.to);
      return from !== to && kubectlRankOf(to) <= kubectlRankOf(from);
    })
    .map((e) => `${e.from}:${e.line} imports ${e.to} (${kubectlPartOf(e.from)} may not import ${kubectlPartOf(e.to)})`);
  assert.deepEqual(offenders, [], `imports against kubectl's layers:\n  ${offenders.join('\n  ')}\n`);
});

test('inside tools: no tool imports another', () => {
  const toolOf = (m: string): string => m.split('/')[2]!;
  const offenders = graph.edges
    .filter((e) => packageOf(e.from) === 'tools' && packageOf(e.to) === 'tools' && toolOf(e.from) !== toolOf(e.to))
    .map((e) => `${e.from}:${e.line} imports ${e.to}`);
  assert.deepEqual(offenders, []);
});

test('no import cycle between modules', () => {
  const cycles = importCycles(graph.modules, graph.edges.filter((e) => !isKnown(e))).map((c) => c.join(' → '));
  assert.deepEqual(cycles, [], `import cycles:\n  ${cycles.join('\n  ')}\n`);
});

test('every known violation still exists (delete the row of one that is gone)', () => {
  const gone = KNOWN_VIOLATIONS.filter((k) => !graph.edges.some((e) => e.from === k.from && e.to === k.to));
  assert.deepEqual(gone.map((k) => `${k.from} → ${k.to}`), []);
});
