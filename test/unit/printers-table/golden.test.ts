import { REPO_ROOT } from '../../repo-root.js';
import { join } from 'node:path';
// Replays test/golden/table/cases.json: each case holds the objects a stand-in API server served,
// the kubectl command that was run against it (real kubectl 1.33, see generate.mjs there) and
// kubectl's stdout. renderTables / WatchTablePrinter must produce the same bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { renderTables, WatchTablePrinter, type TableGroup, type TableOptions } from '../../../src/kubectl/printers/table/render.js';

interface ResourceInfo {
  kind: string;
  label: string;
  namespaced: boolean;
}

interface GoldenCase {
  name: string;
  command: string;
  objects: Record<string, KubeObject[]>;
  render?: { types: string[]; options: TableOptions };
  watch?: {
    options: TableOptions & { outputWatchEvents?: boolean };
    watchOnly: boolean;
    events: { type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'ERROR'; object: KubeObject; nowMs: number }[];
  };
  stdout: string;
  stderr: string;
  exitCode: number;
}

interface GoldenFile {
  nowMs: number;
  resources: Record<string, ResourceInfo>;
  results: GoldenCase[];
}

// dist/test/unit/printers-table/ → repository root is four levels up.
const goldenPath = join(REPO_ROOT, 'test/golden/table/cases.json');
const golden = JSON.parse(readFileSync(goldenPath, 'utf8')) as GoldenFile;

function resource(plural: string): ResourceInfo {
  const r = golden.resources[plural];
  if (!r) throw new Error(`unknown resource ${plural}`);
  return r;
}

/** The objects the stand-in server listed for a type (only namespace `default` without -A). */
function listed(c: GoldenCase, plural: string, allNamespaces: boolean): KubeObject[] {
  const r = resource(plural);
  return (c.objects[plural] ?? []).filter((o) => allNamespaces || !r.namespaced || o.metadata.namespace === 'default');
}

test('the golden file has the cases it was generated with', () => {
  assert.ok(golden.results.length >= 20);
  for (const c of golden.results) assert.equal(c.exitCode, 0, c.name);
});

for (const c of golden.results) {
  test(`golden: ${c.command} (${c.name})`, () => {
    let stdout = '';
    if (c.render) {
      const opts = c.render.options;
      const groups: TableGroup[] = c.render.types.map((plural) => {
        const r = resource(plural);
        return { resourceLabel: r.label, kind: r.kind, namespaced: r.namespaced, objects: listed(c, plural, opts.allNamespaces) };
      });
      stdout = renderTables(groups, { ...opts, nowMs: golden.nowMs });
    } else if (c.watch) {
      const plural = Object.keys(c.objects)[0] ?? '';
      const r = resource(plural);
      const printer = new WatchTablePrinter(
        { resourceLabel: r.label, kind: r.kind, namespaced: r.namespaced },
        { ...c.watch.options, outputWatchEvents: c.watch.options.outputWatchEvents ?? false },
        (chunk) => (stdout += chunk),
      );
      if (!c.watch.watchOnly) printer.printInitial(listed(c, plural, c.watch.options.allNamespaces), golden.nowMs);
      for (const ev of c.watch.events) printer.printEvent(ev.type, ev.object, ev.nowMs);
    } else {
      assert.fail(`case ${c.name} has neither render nor watch`);
    }
    assert.equal(stdout, c.stdout);
  });
}

test('golden: an empty result prints nothing on stdout (kubectl reports on stderr)', () => {
  const c = golden.results.find((x) => x.name === 'empty-result');
  assert.ok(c);
  assert.equal(c.stdout, '');
  assert.equal(c.stderr, 'No resources found in default namespace.\n');
});
