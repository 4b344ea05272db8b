/**
 * Replays test/golden/drain/runs.json: the real kubectl 1.33 `drain` run against a stand-in API
 * server (generate-runs.mjs) holding the nodes and pods of runs-input.mjs (kept in runs.json), each pod's eviction
 * answers and disappearance scripted by count. kubemu's drain, fed the same objects and the same
 * script through a stand-in ApiServer on a fake clock, must print the same bytes on stderr, exit
 * alike, and print the same stdout lines. Where several pods are evicted at once, kubectl's
 * goroutines print in an order that changes from run to run (kubemu keeps the node's list order):
 * there the stdout lines are compared as a set, with the first and the last line in place.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { ApiServer } from '../../../src/apiserver/server.js';
import { notFound, StatusError } from '../../../src/apiserver/errors.js';
import type { ResourceInfo } from '../../../src/apiserver/resources.js';
import { applyJsonMergePatch } from '../../../src/apiserver/patch/json-merge-patch.js';
import type { JsonValue } from '../../../src/common/json.js';
import { selectorMatches, type Selector } from '../../../src/labels/selector.js';
import { checkErr } from '../../../src/kubectl/cmd/util/check-err.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { runDrain, checkPodSelector, type DrainEnv } from '../../../src/kubectl/cmd/drain/run-drain.js';
import { checkNodeArgs } from '../../../src/kubectl/cmd/drain/node-targets.js';
import { parseDryRun } from '../../../src/kubectl/util/dry-run.js';
import { REPO_ROOT } from '../../repo-root.js';

interface GoldenRun {
  name: string;
  command: string;
  args: string[];
  pods: KubeObject[];
  script: Record<string, { refuse?: number; stays?: number }>;
  stdout: string;
  stderr: string;
  exitCode: number;
}

const golden = JSON.parse(readFileSync(join(REPO_ROOT, 'test/golden/drain/runs.json'), 'utf8')) as { nodes: KubeObject[]; cases: GoldenRun[] };

/** The stand-in server of generate-runs.mjs, as the ApiServer methods drain calls. */
function standInApi(nodes: KubeObject[], kase: GoldenRun): ApiServer {
  const store: Record<string, KubeObject[]> = { nodes: structuredClone(nodes), pods: structuredClone(kase.pods) };
  const script = new Map(kase.pods.map((p) => [p.metadata.name ?? '', { refuse: 0, stays: 0, ...(kase.script?.[p.metadata.name ?? ''] ?? {}) }]));
  const gone = new Set<string>();
  const evicted = new Set<string>();
  const live = (info: ResourceInfo) => (store[info.resource] ?? []).filter((o) => info.resource !== 'pods' || !gone.has(o.metadata.name ?? ''));
  const get = (info: ResourceInfo, _ns: string | undefined, name: string): KubeObject => {
    const o = live(info).find((x) => x.metadata.name === name);
    if (!o) throw notFound(info.resource, info.group, name);
    return structuredClone(o);
  };
  const markEvicted = (name: string, dryRun: boolean | undefined) => {
    if (!dryRun) evicted.add(name);
  };
  return {
    get,
    tryGet: (info: ResourceInfo, ns: string | undefined, name: string) => {
      if (gone.has(name)) return undefined;
      const s = script.get(name);
      if (s && evicted.has(name)) {
        if (s.stays <= 0) {
          gone.add(name);
          return undefined;
        }
        s.stays--;
      }
      return get(info, ns, name);
    },
    list: (info: ResourceInfo, _ns: string | undefined, filter?: (o: KubeObject) => boolean) => live(info).filter((o) => !filter || filter(o)).map((o) => structuredClone(o)),
    listSelectedOnce: (info: ResourceInfo, _ns: string | undefined, sel: Selector) => live(info).filter((o) => selectorMatches(sel, o.metadata.labels)).map((o) => structuredClone(o)),
    patch: (info: ResourceInfo, _ns: string | undefined, name: string, _type: string, body: JsonValue, opts: { dryRun?: boolean } = {}) => {
      const list = store[info.resource]!;
      const i = list.findIndex((x) => x.metadata.name === name);
      const next = applyJsonMergePatch(get(info, undefined, name) as unknown as JsonValue, body) as unknown as KubeObject;
      if (!opts.dryRun) list[i] = next;
      return structuredClone(next);
    },
    evict: (_ns: string, name: string, _eviction: unknown, opts: { dryRun?: boolean } = {}) => {
      const s = script.get(name);
      if (!s || gone.has(name)) throw notFound('pods', '', name);
      if (s.refuse > 0) {
        s.refuse--;
        throw new StatusError('TooManyRequests', 429, "Cannot evict pod as it would violate the pod's disruption budget.");
      }
      markEvicted(name, opts.dryRun);
      return {};
    },
    delete: (_info: ResourceInfo, _ns: string | undefined, name: string, opts: { dryRun?: boolean } = {}) => {
      markEvicted(name, opts.dryRun);
      return get({ resource: 'pods', group: '' } as ResourceInfo, undefined, name);
    },
  } as unknown as ApiServer;
}

/** The flags the cases use, as drain.ts reads them. */
function options(args: string[]) {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (const a of args) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(a);
    if (m) flags.set(m[1]!, m[2] ?? 'true');
    else positional.push(a);
  }
  const seconds = (f: string, dflt: number) => Number(flags.get(f) ?? dflt);
  const timeout = flags.get('timeout');
  const grace = seconds('grace-period', -1);
  return {
    args: positional,
    ...(flags.has('pod-selector') ? { podSelector: flags.get('pod-selector')! } : {}),
    dryRun: parseDryRun(flags.get('dry-run')),
    force: flags.has('force'),
    ignoreAllDaemonSets: flags.has('ignore-daemonsets'),
    deleteEmptyDirData: flags.has('delete-emptydir-data'),
    disableEviction: flags.has('disable-eviction'),
    gracePeriodSeconds: grace < 0 ? undefined : grace,
    timeoutMs: timeout ? Number(timeout.replace(/s$/, '')) * 1000 : 0,
    skipWaitForDeleteTimeoutSeconds: seconds('skip-wait-for-delete-timeout', 0),
    serverDryRun: flags.get('dry-run') === 'server',
    programName: 'kubectl',
  };
}

for (const kase of golden.cases) {
  const want = kase;
  test(`as kubectl 1.33: ${kase.name}`, async () => {
    const { io, output } = bufferIO({});
    let now = Date.parse('2026-12-01T10:00:00Z');
    const api = standInApi(golden.nodes, kase);
    const env: DrainEnv = {
      out: (t) => io.out(t),
      err: (t) => io.err(t),
      cwd: '/',
      stdin: () => '',
      namespace: 'default',
      enforceNamespace: false,
      api: () => api,
      settle: () => {},
      now: () => now,
      passUntil: async (ms) => {
        now = Math.max(now, ms);
      },
    };
    let exitCode = 0;
    try {
      const o = options(kase.args);
      checkNodeArgs('kubectl', 'drain', o.args, undefined);
      checkPodSelector(o.podSelector);
      await runDrain(o, env);
    } catch (e) {
      exitCode = checkErr(e, io);
    }
    assert.equal(output.stderr, want.stderr);
    assert.equal(exitCode, want.exitCode);
    const lines = (s: string) => s.split('\n');
    const [got, exp] = [lines(output.stdout), lines(want.stdout)];
    assert.equal(got[0], exp[0]);
    assert.equal(got.at(-2), exp.at(-2));
    assert.deepEqual([...got].sort(), [...exp].sort());
  });
}
