import { REPO_ROOT } from '../../repo-root.js';
// Replays test/golden/taint/cases.json: the real kubectl 1.33 `cordon`, `uncordon` and `taint`
// run against a stand-in API server holding three nodes (see generate.mjs there). kubemu's
// commands, fed the same nodes through a stand-in ApiServer, must print the same bytes on stdout
// and stderr (through checkErr), exit alike, and send the same PATCH bodies (dry runs included).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { ApiServer } from '../../../src/apiserver/server.js';
import { notFound } from '../../../src/apiserver/errors.js';
import type { ResourceInfo } from '../../../src/apiserver/resources.js';
import { applyJsonMergePatch } from '../../../src/apiserver/patch/json-merge-patch.js';
import type { JsonValue } from '../../../src/common/json.js';
import { selectorMatches } from '../../../src/labels/selector.js';
import type { Selector } from '../../../src/labels/selector.js';
import { checkErr } from '../../../src/kubectl/cmd/util/check-err.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import type { CommandEnv } from '../../../src/kubectl/resource/command-env.js';
import { runCordon } from '../../../src/kubectl/cmd/drain/run-cordon.js';
import { completeTaint, runTaint } from '../../../src/kubectl/cmd/taint/run-taint.js';

interface GoldenCase {
  name: string;
  command: string;
  args: string[];
  stdout: string;
  stderr: string;
  exitCode: number;
  patches: { query: string; contentType: string; body: JsonValue }[];
}

const golden = JSON.parse(readFileSync(join(REPO_ROOT, 'test/golden/taint/cases.json'), 'utf8')) as {
  objects: Record<string, KubeObject[]>;
  cases: GoldenCase[];
};

interface SentPatch {
  type: string;
  dryRun: boolean;
  body: JsonValue;
}

/** get/list of the case's nodes; patch records what was sent and stores the merge (as the stub does). */
function standInApi(objects: Record<string, KubeObject[]>, sent: SentPatch[]): ApiServer {
  const store = structuredClone(objects);
  const all = (info: ResourceInfo) => store[info.resource] ?? [];
  const get = (info: ResourceInfo, _ns: string | undefined, name: string): KubeObject => {
    const o = all(info).find((x) => x.metadata.name === name);
    if (!o) throw notFound(info.resource, info.group, name);
    return structuredClone(o);
  };
  return {
    get,
    list: (info: ResourceInfo, _ns: string | undefined, filter?: (o: KubeObject) => boolean) => all(info).filter((o) => !filter || filter(o)).map((o) => structuredClone(o)),
    listSelectedOnce: (info: ResourceInfo, _ns: string | undefined, sel: Selector) => all(info).filter((o) => selectorMatches(sel, o.metadata.labels)).map((o) => structuredClone(o)),
    patch: (info: ResourceInfo, _ns: string | undefined, name: string, type: string, body: JsonValue, opts: { dryRun?: boolean } = {}) => {
      sent.push({ type, dryRun: opts.dryRun === true, body });
      const list = all(info);
      const i = list.findIndex((x) => x.metadata.name === name);
      const next = applyJsonMergePatch(get(info, undefined, name) as unknown as JsonValue, body) as unknown as KubeObject;
      if (!opts.dryRun) list[i] = next;
      return structuredClone(next);
    },
  } as unknown as ApiServer;
}

/** The few flag forms the cases use (commander's own parsing is covered by the e2e transcript). */
function splitFlags(args: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = /^--([\w-]+)=(.*)$/.exec(a);
    if (eq) flags.set(eq[1]!, eq[2]!);
    else if (a === '-l' || a === '-o') flags.set(a === '-l' ? 'selector' : 'output', args[++i]!);
    else if (a === '--all' || a === '--overwrite') flags.set(a.slice(2), 'true');
    else positional.push(a);
  }
  return { positional, flags };
}

function run(c: GoldenCase, api: ApiServer, io: ReturnType<typeof bufferIO>['io']): void {
  const [verb, ...rest] = c.args;
  const { positional, flags } = splitFlags(rest);
  const env: CommandEnv = {
    out: (t) => io.out(t),
    err: (t) => io.err(t),
    cwd: process.cwd(),
    stdin: () => '',
    namespace: 'default',
    enforceNamespace: false,
    api: () => api,
    settle: () => undefined,
  };
  const selector = flags.get('selector');
  const output = flags.get('output');
  if (verb === 'cordon' || verb === 'uncordon') {
    runCordon({ desired: verb === 'cordon', args: positional, ...(selector !== undefined ? { selector } : {}), dryRun: flags.get('dry-run'), programName: 'kubectl' }, env);
    return;
  }
  const o = completeTaint(positional, {
    ...(selector !== undefined ? { selector } : {}),
    ...(output !== undefined ? { output } : {}),
    overwrite: flags.has('overwrite'),
    all: flags.has('all'),
    dryRun: flags.get('dry-run'),
    programName: 'kubectl',
  });
  runTaint(o, env);
}

const CONTENT_TYPES: Record<string, string> = { 'application/strategic-merge-patch+json': 'strategic' };

for (const c of golden.cases) {
  test(`taint golden: ${c.name} (${c.command})`, () => {
    const sent: SentPatch[] = [];
    const api = standInApi(golden.objects, sent);
    const { io, output } = bufferIO();
    let exitCode = 0;
    try {
      run(c, api, io);
    } catch (e) {
      exitCode = checkErr(e, io);
    }
    assert.equal(output.stdout, c.stdout);
    assert.equal(output.stderr, c.stderr);
    assert.equal(exitCode, c.exitCode);
    assert.deepEqual(
      sent,
      c.patches.map((p) => ({ type: CONTENT_TYPES[p.contentType] ?? p.contentType, dryRun: p.query.includes('dryRun=All'), body: p.body })),
    );
  });
}
