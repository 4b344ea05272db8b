import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiServer } from '../../../src/apiserver/server.js';
import { StatusError } from '../../../src/apiserver/errors.js';
import type { CommandEnv } from '../../../src/kubectl/resource/command-env.js';
import { cordonOrUncordon } from '../../../src/kubectl/cmd/drain/run-cordon.js';
import { cordonPatch } from '../../../src/kubectl/drain/cordon.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import type { JsonObject } from '../../../src/common/json.js';

const NODES = findByKind('v1', 'Node')!;
const node = (name: string, unschedulable?: boolean) => {
  const spec: JsonObject = { podCIDR: '10.244.1.0/24' };
  if (unschedulable) spec['unschedulable'] = true;
  const object: JsonObject = { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec };
  return { info: NODES, namespace: undefined, name, object };
};

test('the cordon patch sets spec.unschedulable, and uncordon sends null (Go leaves false out)', () => {
  assert.deepEqual(cordonPatch(node('a').object, true), { spec: { unschedulable: true } });
  assert.deepEqual(cordonPatch(node('a', true).object, false), { spec: { unschedulable: null } });
});

test('a node whose patch fails is reported on stderr and the others are cordoned; nothing fails the command', () => {
  const out: string[] = [];
  const err: string[] = [];
  let settled = 0;
  const api = {
    patch: (_i: unknown, _ns: unknown, name: string) => {
      if (name === 'b') throw new StatusError('Conflict', 409, 'Operation cannot be fulfilled on nodes "b": the object has been modified; please apply your changes to the latest version and try again');
      return {};
    },
  } as unknown as ApiServer;
  const env: CommandEnv = { out: (t) => out.push(t), err: (t) => err.push(t), cwd: '/', stdin: () => '', namespace: 'default', enforceNamespace: false, api: () => api, settle: () => void settled++ };
  // it says whether it wrote, so that its caller (cordon, drain) lets the controllers react once
  assert.equal(cordonOrUncordon([node('a'), node('b'), node('c', true)], true, 'none', env), true);
  assert.deepEqual(out, ['node/a cordoned\n', 'node/c already cordoned\n']);
  assert.deepEqual(err, ['error: unable to cordon node "b": Operation cannot be fulfilled on nodes "b": the object has been modified; please apply your changes to the latest version and try again\n']);
  assert.equal(settled, 0);
  assert.equal(cordonOrUncordon([node('c', true)], true, 'none', env), false);
});
