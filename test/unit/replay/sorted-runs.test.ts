import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareOutput } from '../../../src/tools/replay/compare.js';
import { NameMapping } from '../../../src/tools/replay/name-mapping.js';
import { resortMappedRuns } from '../../../src/tools/replay/sorted-runs.js';

// the article's names at line 517 and kubemu's partners
const PAIRS: Record<string, string> = { '77b6f6d957': '68d64bc798', '85854d9fd8': 'b5cb4bcc7', '8c9694f75': '6474c95c86', '8d8f8775c': '647c6476fb' };
const map = (s: string) => s.replace(/[0-9a-z]{9,10}/g, (t) => PAIRS[t] ?? t);

const TABLE: [string, string[], string[]][] = [
  [
    'a get table (line 517): rows by the mapped names, header in place',
    ['NAME   DESIRED   AGE', 'hello-77b6f6d957   0   86s', 'hello-85854d9fd8   4   6m8s', 'hello-8c9694f75   0   6m40s', 'hello-8d8f8775c   0   3m36s'],
    ['NAME   DESIRED   AGE', 'hello-6474c95c86   0   6m40s', 'hello-647c6476fb   0   3m36s', 'hello-68d64bc798   0   86s', 'hello-b5cb4bcc7   4   6m8s'],
  ],
  [
    'an etcd key list (line 602): whole keys',
    ['/registry/deployments/default/hello', '/registry/replicasets/default/hello-77b6f6d957', '/registry/replicasets/default/hello-85854d9fd8', '/registry/replicasets/default/hello-8c9694f75'],
    ['/registry/deployments/default/hello', '/registry/replicasets/default/hello-6474c95c86', '/registry/replicasets/default/hello-68d64bc798', '/registry/replicasets/default/hello-b5cb4bcc7'],
  ],
  [
    'tables separated by a blank line each sort on their own',
    ['NAME   AGE', 'rs/hello-77b6f6d957   1s', 'rs/hello-85854d9fd8   2s', '', 'NAME   AGE', 'x-8c9694f75   1s', 'y   2s'],
    ['NAME   AGE', 'rs/hello-68d64bc798   1s', 'rs/hello-b5cb4bcc7   2s', '', 'NAME   AGE', 'x-6474c95c86   1s', 'y   2s'],
  ],
  [
    'lines the article did not sort keep their order',
    ['hello-8c9694f75   3', 'hello-85854d9fd8   1'],
    ['hello-6474c95c86   3', 'hello-b5cb4bcc7   1'],
  ],
  [
    'a sorted run ends where the order breaks; each run re-sorts alone',
    ['hello-85854d9fd8 a', 'hello-8c9694f75 b', 'hello-77b6f6d957 c', 'hello-85854d9fd8 d'],
    ['hello-6474c95c86 b', 'hello-b5cb4bcc7 a', 'hello-68d64bc798 c', 'hello-b5cb4bcc7 d'],
  ],
  ['names the mapping leaves alone stay', ['a 1', 'b 2', 'c 3'], ['a 1', 'b 2', 'c 3']],
];

for (const [name, lines, want] of TABLE) {
  test(`resortMappedRuns: ${name}`, () => {
    assert.deepEqual(resortMappedRuns(lines, map), want);
  });
}

test('compareOutput: an etcd key list in the article order matches kubemu sorted by its own names; a watch is not re-sorted', () => {
  const mapping = new NameMapping();
  mapping.learn('hello-85854d9fd8 hello-8c9694f75', 'hello-b5cb4bcc7 hello-6474c95c86');
  const expected = ['/registry/replicasets/default/hello-85854d9fd8', '/registry/replicasets/default/hello-8c9694f75'];
  const actual = '/registry/replicasets/default/hello-6474c95c86\n/registry/replicasets/default/hello-b5cb4bcc7\n';
  assert.equal(compareOutput(expected, actual, mapping).pass, true);
  assert.equal(compareOutput(expected, actual, mapping, { sortRows: false }).pass, false);
});

test('compareOutput: the diff of a re-sorted table shows only the rows that differ', () => {
  const mapping = new NameMapping();
  mapping.learn('hello-77b6f6d957 hello-85854d9fd8 hello-8c9694f75', 'hello-68d64bc798 hello-b5cb4bcc7 hello-6474c95c86');
  const expected = ['NAME   DESIRED', 'hello-77b6f6d957   0', 'hello-85854d9fd8   4', 'hello-8c9694f75   0'];
  const c = compareOutput(expected, 'NAME   DESIRED\nhello-6474c95c86   0\nhello-68d64bc798   2\nhello-b5cb4bcc7   3\n', mapping);
  assert.equal(c.pass, false);
  assert.match(c.diff, /^ hello-6474c95c86  0$/m);
  assert.match(c.diff, /^-hello-68d64bc798  0\n-hello-b5cb4bcc7  4\n\+hello-68d64bc798  2\n\+hello-b5cb4bcc7  3$/m);
});
