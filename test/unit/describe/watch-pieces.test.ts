import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { FilteredWatch } from '../../../src/kubectl/cmd/get/filtered-watch.js';
import { watchOutput } from '../../../src/kubectl/cmd/get/watch-output.js';
import { parseRequestTimeout } from '../../../src/kubectl/cmd/get/request-timeout.js';

const ns = (name: string, labels: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });

test('FilteredWatch: selector transitions become ADDED / DELETED like the cacher sends them', () => {
  const w = new FilteredWatch((o) => o.metadata.labels?.['team'] === 'a', [ns('x', { team: 'a' }), ns('y')]);
  assert.equal(w.apply('MODIFIED', ns('x', { team: 'a', v: '2' }))?.type, 'MODIFIED');
  assert.equal(w.apply('MODIFIED', ns('y', { v: '2' })), undefined);
  const gone = w.apply('MODIFIED', ns('x', { team: 'b' }));
  assert.equal(gone?.type, 'DELETED');
  assert.deepEqual(gone?.object.metadata.labels, { team: 'a', v: '2' }, 'the last state that matched');
  assert.equal(w.apply('MODIFIED', ns('y', { team: 'a' }))?.type, 'ADDED');
  assert.equal(w.apply('ADDED', ns('z')), undefined);
  assert.equal(w.apply('DELETED', ns('y', { team: 'a' }))?.type, 'DELETED');
  assert.equal(w.apply('DELETED', ns('z')), undefined);
});

test('watch output: yaml separators, compact json events, names', () => {
  const run = (spec: Parameters<typeof watchOutput>[0]['spec'], events: boolean) => {
    let text = '';
    const out = watchOutput({
      spec,
      resourceLabel: 'namespace',
      kind: 'Namespace',
      namespaced: false,
      table: { noHeaders: false, showLabels: false, labelColumns: [], showKind: false, allNamespaces: false },
      outputWatchEvents: events,
      write: (t) => (text += t),
    });
    out.initial([ns('a')], 0);
    out.event('DELETED', ns('b'), 0);
    return text;
  };
  assert.equal(
    run({ kind: 'yaml' }, false),
    'apiVersion: v1\nkind: Namespace\nmetadata:\n  labels: {}\n  name: a\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  labels: {}\n  name: b\n',
  );
  assert.equal(
    run({ kind: 'yaml' }, true).split('---\n')[1],
    'object:\n  apiVersion: v1\n  kind: Namespace\n  metadata:\n    labels: {}\n    name: b\ntype: DELETED\n',
  );
  assert.equal(
    run({ kind: 'json' }, true),
    '{"type":"ADDED","object":{"apiVersion":"v1","kind":"Namespace","metadata":{"labels":{},"name":"a"}}}\n' +
      '{"type":"DELETED","object":{"apiVersion":"v1","kind":"Namespace","metadata":{"labels":{},"name":"b"}}}\n',
  );
  assert.equal(run({ kind: 'name' }, true), 'namespace/a\nnamespace/b\n');
});

test('--request-timeout: seconds or a Go duration', () => {
  assert.equal(parseRequestTimeout(undefined), undefined);
  assert.equal(parseRequestTimeout('2'), 2000);
  assert.equal(parseRequestTimeout('1m30s'), 90000);
  assert.equal(parseRequestTimeout('0'), 0);
  const message =
    'Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)';
  assert.throws(() => parseRequestTimeout('soon'), (e: Error) => e.message === message);
  assert.throws(() => parseRequestTimeout('-1'), (e: Error) => e.message === message);
  assert.throws(() => parseRequestTimeout('-1s'), (e: Error) => e.message === message);
});
