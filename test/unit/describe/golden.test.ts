import { REPO_ROOT } from '../../repo-root.js';
import { join } from 'node:path';
// Replays test/golden/describe/cases.json: real kubectl 1.33 `describe` run against a stand-in API
// server holding the case objects (see generate.mjs there). describeObjects, fed the same objects
// through a read-only stand-in for the ApiServer, must print the same bytes on stdout, and the
// same errors on stderr once they go through checkErr.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import type { ApiServer } from '../../../src/apiserver/server.js';
import { notFound } from '../../../src/apiserver/errors.js';
import type { ResourceInfo } from '../../../src/apiserver/resources.js';
import { selectorMatches, type Selector } from '../../../src/labels/label-selector.js';
import { describeObjects } from '../../../src/kubectl/describe/describe-objects.js';
import { parseResourceArgs } from '../../../src/kubectl/resource/resource-args.js';
import { AggregateCliError } from '../../../src/kubectl/util/errors.js';
import { checkErr } from '../../../src/kubectl/cmd/util/check-err.js';
import { bufferIO } from '../../../src/kubectl/cmd/util/io.js';

interface GoldenCase {
  name: string;
  command: string;
  args: string[];
  stdout: string;
  stderr: string;
  exitCode: number;
}

interface GoldenFile {
  nowMs: number;
  objects: Record<string, KubeObject[]>;
  results: GoldenCase[];
}

// dist/test/unit/describe/ → repository root is four levels up.
const golden = JSON.parse(readFileSync(join(REPO_ROOT, 'test/golden/describe/cases.json'), 'utf8')) as GoldenFile;

/** The reads describers make (get, tryGet, list), answered from the case objects. */
export function standInApi(objects: Record<string, KubeObject[]>): ApiServer {
  const inScope = (info: ResourceInfo, ns: string | undefined) =>
    (objects[info.resource] ?? []).filter((o) => !info.namespaced || ns === undefined || o.metadata.namespace === ns);
  const api = {
    get(info: ResourceInfo, ns: string | undefined, name: string): KubeObject {
      const o = inScope(info, ns).find((x) => x.metadata.name === name);
      if (!o) throw notFound(info.resource, info.group, name);
      return structuredClone(o);
    },
    tryGet(info: ResourceInfo, ns: string | undefined, name: string): KubeObject | undefined {
      const o = inScope(info, ns).find((x) => x.metadata.name === name);
      return o && structuredClone(o);
    },
    list(info: ResourceInfo, ns: string | undefined, filter?: (o: KubeObject) => boolean): KubeObject[] {
      return inScope(info, ns)
        .filter((o) => !filter || filter(o))
        .map((o) => structuredClone(o));
    },
    listSelectedOnce(info: ResourceInfo, ns: string | undefined, sel: Selector): KubeObject[] {
      return api.list(info, ns, (o) => selectorMatches(sel, o.metadata.labels));
    },
  };
  return api as unknown as ApiServer;
}

/** Splits kubectl's arguments into describe's positional args and the flags the cases use. */
function parseCaseArgs(args: string[]) {
  const positional: string[] = [];
  let selector: string | undefined;
  let showEvents = true;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-l') selector = args[++i];
    else if (a === '--show-events=false') showEvents = false;
    else positional.push(a);
  }
  return { positional, selector, showEvents };
}

for (const c of golden.results) {
  test(`describe golden: ${c.name} (${c.command})`, () => {
    const api = standInApi(golden.objects);
    const { positional, selector, showEvents } = parseCaseArgs(c.args);
    const result = describeObjects(api, {
      selections: parseResourceArgs(positional),
      args: positional,
      fetch: { namespace: 'default', allNamespaces: false, ignoreNotFound: false, ...(selector ? { labelSelector: selector } : {}) },
      nowMs: golden.nowMs,
      showEvents,
    });
    assert.equal(result.out, c.stdout);
    const { io, output } = errIO();
    let exitCode = 0;
    if (result.nothingFound) io.err('No resources found in default namespace.\n');
    if (result.errors.length > 0) exitCode = checkErr(new AggregateCliError(result.errors), io);
    assert.equal(output.stderr, c.stderr);
    assert.equal(exitCode, c.exitCode);
  });
}

function errIO() {
  const b = bufferIO();
  return { io: b.io, output: b.output };
}
