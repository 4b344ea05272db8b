import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../src/api/meta/v1.js';
import { cellText } from '../../../src/kubectl/printers/table/cell-text.js';
import { formatEventType, labelColumnHeader } from '../../../src/kubectl/printers/table/format-group.js';
import { renderTables, WatchTablePrinter, type TableOptions } from '../../../src/kubectl/printers/table/render.js';

const NOW = Date.parse('2025-01-15T10:00:00Z');
const ago = (sec: number): string => new Date(NOW - sec * 1000).toISOString();
const opts: TableOptions = { wide: false, noHeaders: false, showLabels: false, labelColumns: [], allNamespaces: false, showKind: false };

function rs(name: string, ageSec: number, desired: number, current: number, ready: number, ns = 'default'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace: ns, creationTimestamp: ago(ageSec) },
    spec: { replicas: desired },
    status: { replicas: current, readyReplicas: ready },
  };
}

function deploy(name: string, ageSec: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default', creationTimestamp: ago(ageSec), labels: { 'app.kubernetes.io/name': name } },
    spec: { replicas: 4 },
    status: { updatedReplicas: 4, readyReplicas: 4, availableReplicas: 4 },
  };
}

const rsGroup = (objects: KubeObject[]) => ({ resourceLabel: 'replicaset.apps', kind: 'ReplicaSet', objects });

test('--no-headers deployment (the article): `hello   4/4   4     4     25m`', () => {
  const out = renderTables([{ resourceLabel: 'deployment.apps', kind: 'Deployment', objects: [deploy('hello', 25 * 60)] }], {
    ...opts,
    noHeaders: true,
    nowMs: NOW,
  });
  assert.equal(out, 'hello   4/4   4     4     25m\n');
});

test('get -w: rows keep the first widths, a longer name widens only its own and later lines', () => {
  let out = '';
  const w = new WatchTablePrinter({ resourceLabel: 'replicaset.apps', kind: 'ReplicaSet' }, { ...opts, outputWatchEvents: false }, (s) => (out += s));
  w.printInitial([rs('hello-8c9694f75', 47, 4, 4, 4)], NOW);
  w.printEvent('ADDED', rs('hello-85854d9fd8', 0, 1, 0, 0), NOW);
  w.printEvent('MODIFIED', rs('hello-85854d9fd8', 0, 1, 0, 0), NOW);
  w.printEvent('MODIFIED', rs('hello-8c9694f75', 58, 3, 4, 4), NOW);
  assert.equal(
    out,
    'NAME              DESIRED   CURRENT   READY   AGE\n' +
      'hello-8c9694f75   4         4         4       47s\n' +
      'hello-85854d9fd8   1         0         0       0s\n' +
      'hello-85854d9fd8   1         0         0       0s\n' +
      'hello-8c9694f75    3         4         4       58s\n',
  );
});

test('get -w --watch-only: the first event prints the header; --no-headers never does', () => {
  let out = '';
  const w = new WatchTablePrinter({ resourceLabel: 'replicaset.apps', kind: 'ReplicaSet' }, { ...opts, outputWatchEvents: false }, (s) => (out += s));
  w.printEvent('MODIFIED', rs('a', 1, 1, 1, 1), NOW);
  w.printEvent('MODIFIED', rs('a', 2, 1, 1, 1), NOW);
  assert.equal(out, 'NAME   DESIRED   CURRENT   READY   AGE\na      1         1         1       1s\na      1         1         1       2s\n');
  let quiet = '';
  const q = new WatchTablePrinter({ resourceLabel: 'replicaset.apps', kind: 'ReplicaSet' }, { ...opts, noHeaders: true, outputWatchEvents: false }, (s) => (quiet += s));
  q.printInitial([rs('a', 1, 1, 1, 1)], NOW);
  q.printEvent('DELETED', rs('a', 2, 0, 0, 0), NOW);
  assert.equal(quiet, 'a     1     1     1     1s\na     0     0     0     2s\n');
});

test('get -w --output-watch-events -A: EVENT before NAMESPACE, types padded to 8', () => {
  let out = '';
  const w = new WatchTablePrinter(
    { resourceLabel: 'replicaset.apps', kind: 'ReplicaSet' },
    { ...opts, allNamespaces: true, outputWatchEvents: true },
    (s) => (out += s),
  );
  w.printInitial([rs('a', 1, 1, 1, 1, 'team-a')], NOW);
  w.printEvent('ERROR', rs('a', 1, 1, 1, 1, 'team-a'), NOW);
  assert.equal(
    out,
    'EVENT      NAMESPACE   NAME   DESIRED   CURRENT   READY   AGE\n' +
      'ADDED      team-a      a      1         1         1       1s\n' +
      'ERROR      team-a      a      1         1         1       1s\n',
  );
  assert.deepEqual(['ADDED', 'MODIFIED', 'DELETED', 'ERROR', 'BOOKMARK'].map(formatEventType), ['ADDED   ', 'MODIFIED', 'DELETED ', 'ERROR   ', 'BOOKMARK']);
});

test('consecutive groups of one type share a header and an alignment', () => {
  const out = renderTables([rsGroup([rs('a', 1, 1, 1, 1)]), rsGroup([rs('a-much-longer-name', 1, 1, 1, 1)])], { ...opts, nowMs: NOW });
  assert.equal(
    out,
    'NAME                 DESIRED   CURRENT   READY   AGE\n' +
      'a                    1         1         1       1s\n' +
      'a-much-longer-name   1         1         1       1s\n',
  );
});

test('nothing to print gives an empty string, with or without headers', () => {
  assert.equal(renderTables([rsGroup([])], { ...opts, nowMs: NOW }), '');
  assert.equal(renderTables([], { ...opts, nowMs: NOW }), '');
});

test('-L and --show-labels together: label columns, then LABELS last', () => {
  const out = renderTables([{ resourceLabel: 'deployment.apps', kind: 'Deployment', objects: [deploy('hello', 60)] }], {
    ...opts,
    labelColumns: ['app.kubernetes.io/name'],
    showLabels: true,
    nowMs: NOW,
  });
  assert.equal(
    out,
    'NAME    READY   UP-TO-DATE   AVAILABLE   AGE   NAME    LABELS\n' + 'hello   4/4     4            4           60s   hello   app.kubernetes.io/name=hello\n',
  );
  assert.equal(labelColumnHeader('app.kubernetes.io/name'), 'NAME');
  assert.equal(labelColumnHeader('tier'), 'TIER');
  assert.equal(labelColumnHeader('a/b/c'), 'C');
});

test('cell text: cut at the first line break with `...`, terminal escapes neutralised', () => {
  assert.equal(cellText('line one\nline two'), 'line one...');
  assert.equal(cellText('a\r\nb'), 'a...');
  assert.equal(cellText('page\fbreak'), 'page...');
  assert.equal(cellText('\x1b[31mred'), '^[[31mred');
  assert.equal(cellText('plain'), 'plain');
});

test('a multi-line message is cut in the table, not broken across lines', () => {
  const ev: KubeObject = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'e', namespace: 'default' },
    involvedObject: { kind: 'Pod', name: 'p' },
    type: 'Warning',
    reason: 'Failed',
    message: 'first\nsecond',
    lastTimestamp: ago(5),
  };
  assert.equal(
    renderTables([{ resourceLabel: 'event', kind: 'Event', objects: [ev] }], { ...opts, nowMs: NOW }),
    'LAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n5s          Warning   Failed   pod/p    first...\n',
  );
});

test('namespaced: false on a group suppresses NAMESPACE for a kind the registry does not know', () => {
  const repo: KubeObject = { apiVersion: 'kubemu.dev/v1alpha1', kind: 'ClusterThing', metadata: { name: 'x', creationTimestamp: ago(3) } };
  const out = renderTables([{ resourceLabel: 'clusterthing.kubemu.dev', kind: 'ClusterThing', namespaced: false, objects: [repo] }], {
    ...opts,
    allNamespaces: true,
    nowMs: NOW,
  });
  assert.equal(out, 'NAME   AGE\nx      3s\n');
});
