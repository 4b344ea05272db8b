import { REPO_ROOT } from '../../repo-root.js';
// Replays test/golden/rollout/cases.json: real kubectl 1.33 `rollout history|undo|pause|resume|
// restart` run against a stand-in API server holding the case objects (see generate.mjs there).
// The rollout functions, fed the same objects through a stand-in ApiServer, must print the same
// bytes on stdout and stderr (through checkErr) and send the same PATCH bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { ApiServer } from '../../../src/apiserver/server.js';
import { notFound } from '../../../src/apiserver/errors.js';
import type { ResourceInfo } from '../../../src/apiserver/resources.js';
import type { JsonValue } from '../../../src/common/json.js';
import { checkErr } from '../../../src/kubectl/cmd/util/check-err.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';
import { parseResourceArgs } from '../../../src/kubectl/resource/resource-args.js';
import { resolveTargets } from '../../../src/kubectl/cmd/rollout/targets.js';
import { rolloutHistory } from '../../../src/kubectl/cmd/rollout/history.js';
import { rolloutUndo } from '../../../src/kubectl/cmd/rollout/undo.js';
import { rolloutPause } from '../../../src/kubectl/cmd/rollout/pause.js';
import { rolloutResume } from '../../../src/kubectl/cmd/rollout/resume.js';
import { rolloutRestart } from '../../../src/kubectl/cmd/rollout/restart.js';

interface GoldenCase {
  name: string;
  command: string;
  args: string[];
  stdout: string;
  stderr: string;
  exitCode: number;
  patches: { contentType: string; body: JsonValue }[];
}

const golden = JSON.parse(readFileSync(join(REPO_ROOT, 'test/golden/rollout/cases.json'), 'utf8')) as {
  objects: Record<string, KubeObject[]>;
  cases: GoldenCase[];
};

interface SentPatch {
  type: string;
  body: JsonValue;
}

/** get/list from the case objects; patch records what was sent and returns the object unchanged. */
function standInApi(objects: Record<string, KubeObject[]>, sent: SentPatch[]): ApiServer {
  const inScope = (info: ResourceInfo, ns: string | undefined) => (objects[info.resource] ?? []).filter((o) => ns === undefined || o.metadata.namespace === ns);
  const get = (info: ResourceInfo, ns: string | undefined, name: string): KubeObject => {
    const o = inScope(info, ns).find((x) => x.metadata.name === name);
    if (!o) throw notFound(info.resource, info.group, name);
    return structuredClone(o);
  };
  return {
    get,
    list: (info: ResourceInfo, ns: string | undefined, filter?: (o: KubeObject) => boolean) =>
      inScope(info, ns)
        .filter((o) => !filter || filter(o))
        .map((o) => structuredClone(o)),
    patch: (info: ResourceInfo, ns: string | undefined, name: string, type: string, body: JsonValue) => {
      sent.push({ type, body });
      return get(info, ns, name);
    },
  } as unknown as ApiServer;
}

/** The patch-type names kubectl's Content-Type headers stand for. */
const CONTENT_TYPES: Record<string, string> = {
  'application/json-patch+json': 'json',
  'application/strategic-merge-patch+json': 'strategic',
};

/**
 * Go marshals a PodTemplateSpec with `metadata.creationTimestamp: null`; the API server drops it
 * on decode, so kubemu does not send it. Removed from the recorded body before comparing.
 */
function withoutNullTimestamps(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(withoutNullTimestamps);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).filter(([k, x]) => !(k === 'creationTimestamp' && x === null)).map(([k, x]) => [k, withoutNullTimestamps(x)]));
  }
  return v;
}

function run(c: GoldenCase, api: ApiServer, io: ReturnType<typeof bufferIO>['io']): void {
  const [, sub, ...rest] = c.args;
  const positional = rest.filter((a) => !a.startsWith('--'));
  const flag = (name: string) => rest.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const { visits, targets, errors } = resolveTargets(api, { selections: parseResourceArgs(positional), namespace: 'default' });
  const out = (t: string) => io.out(t);
  const err = (t: string) => io.err(t);
  const req = { targets, errors, namespace: 'default', out, err };
  if (sub === 'history') {
    rolloutHistory(api, visits, Number(flag('revision') ?? 0), out);
  } else if (sub === 'undo') {
    const dry = flag('dry-run');
    rolloutUndo(api, { visits, toRevision: Number(flag('to-revision') ?? 0), dryRun: dry === 'client' ? 'client' : 'none', programName: 'kubectl', out, err });
  } else if (sub === 'pause') rolloutPause(api, req);
  else if (sub === 'resume') rolloutResume(api, req);
  else if (sub === 'restart') rolloutRestart(api, { ...req, nowMs: Date.UTC(2026, 9, 26, 19, 5, 0) });
  else throw new Error(`no replay for ${sub}`);
}

for (const c of golden.cases) {
  test(`rollout golden: ${c.name} (${c.command})`, () => {
    const sent: SentPatch[] = [];
    const api = standInApi(golden.objects, sent);
    const { io, output } = bufferIO();
    let exitCode = 0;
    try {
      run(c, api, io);
    } catch (e) {
      exitCode = checkErr(e, io);
    }
    // kubectl 1.33 predates the last-applied warning of `rollout undo` (kubemu prints it, as the
    // newer kubectl of the article does); everything else on stderr must match.
    const stderr = output.stderr.replace(/^Warning: resource deployments\/hello was previously managed with 'kubectl apply'\..*\n/m, '');
    assert.equal(output.stdout, c.stdout);
    assert.equal(stderr, c.stderr);
    assert.equal(exitCode, c.exitCode);
    assert.deepEqual(
      sent.map((p) => ({ type: p.type, body: p.body })),
      c.patches.map((p) => ({ type: CONTENT_TYPES[p.contentType] ?? p.contentType, body: withoutNullTimestamps(p.body) })),
    );
  });
}

test('rollout golden: the undo warning names the resource and the tool', () => {
  const sent: SentPatch[] = [];
  const api = standInApi(golden.objects, sent);
  const { io, output } = bufferIO();
  const { visits } = resolveTargets(api, { selections: parseResourceArgs(['deployment/hello']), namespace: 'default' });
  rolloutUndo(api, { visits, toRevision: 0, dryRun: 'none', programName: 'kubemu', out: (t) => io.out(t), err: (t) => io.err(t) });
  assert.equal(
    output.stderr,
    "Warning: resource deployments/hello was previously managed with 'kubemu apply'. Rolling back will not update the kubectl.kubernetes.io/last-applied-configuration annotation, which may cause unexpected behavior on future 'kubemu apply' operations. Consider using 'kubemu apply' with your previous configuration file instead.\n",
  );
});
