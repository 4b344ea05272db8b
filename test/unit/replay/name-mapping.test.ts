import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type ClusterObject, NameMapping, kindNamedIn, patternWithOpenTokens, tokenPrefixes } from '../../../src/tools/replay/name-mapping.js';

test('tokenPrefixes: each token with the name it follows', () => {
  assert.deepEqual([...tokenPrefixes('pod/hello-8c9694f75-4nf7n 1/1 Running 2m42s')], [
    ['8c9694f75', 'hello'],
    ['4nf7n', 'hello-8c9694f75'],
  ]);
  assert.deepEqual([...tokenPrefixes('{"pod-template-hash":"8c9694f75"}')], [['8c9694f75', '']]);
});

test('learn pairs in order, but a pod only with a pod of its ReplicaSet partner', () => {
  const m = new NameMapping();
  m.learn('hello-8c9694f75 4\nhello-85854d9fd8 1', 'hello-6474c95c86 4\nhello-b5cb4bcc7 1');
  // the article lists 2 old pods and 1 new; the replay 1 old and 2 new
  m.learn(
    'hello-8c9694f75-4nf7n\nhello-8c9694f75-9ghql\nhello-85854d9fd8-lnnbv',
    'hello-6474c95c86-6mlqm\nhello-b5cb4bcc7-hmb6x\nhello-b5cb4bcc7-qq2zz',
  );
  assert.deepEqual(m.pairs(), [
    ['8c9694f75', '6474c95c86'],
    ['85854d9fd8', 'b5cb4bcc7'],
    ['4nf7n', '6mlqm'],
    ['lnnbv', 'hmb6x'],
  ]);
});

const PODS: ClusterObject[] = [
  { kind: 'ReplicaSet', name: 'hello-6474c95c86' },
  { kind: 'ReplicaSet', name: 'hello-b5cb4bcc7' },
  { kind: 'Pod', name: 'hello-6474c95c86-6mlqm' },
  { kind: 'Pod', name: 'hello-b5cb4bcc7-hmb6x' },
];

function mapped(): NameMapping {
  const m = new NameMapping();
  m.learn('hello-8c9694f75\nhello-85854d9fd8', 'hello-6474c95c86\nhello-b5cb4bcc7');
  return m;
}

test('eliminate: the only pod of the ReplicaSet, not yet paired, is the one a command names', () => {
  const m = mapped();
  const cmd = 'kubectl get pod hello-85854d9fd8-4mjwb -o json';
  m.eliminate(cmd, PODS, kindNamedIn(cmd));
  assert.equal(m.apply(cmd), 'kubectl get pod hello-b5cb4bcc7-hmb6x -o json');
});

const ELIMINATION: [string, ClusterObject[], string][] = [
  ['two candidates: ambiguous, unmapped', [...PODS, { kind: 'Pod', name: 'hello-b5cb4bcc7-zz2kk' }], 'hello-85854d9fd8-4mjwb'],
  ['no candidate: unmapped', PODS.filter((o) => o.name !== 'hello-b5cb4bcc7-hmb6x'), 'hello-85854d9fd8-4mjwb'],
  ['the candidate of another ReplicaSet does not fit', [{ kind: 'Pod', name: 'hello-6474c95c86-6mlqm' }], 'hello-85854d9fd8-4mjwb'],
  ['another kind does not fit', [{ kind: 'Job', name: 'hello-b5cb4bcc7-hmb6x' }], 'hello-85854d9fd8-4mjwb'],
];

for (const [name, objects, want] of ELIMINATION) {
  test(`eliminate table: ${name}`, () => {
    const m = mapped();
    const cmd = 'kubectl delete pod hello-85854d9fd8-4mjwb';
    m.eliminate(cmd, objects, kindNamedIn(cmd));
    assert.equal(m.apply('hello-85854d9fd8-4mjwb'), want.replace('85854d9fd8', 'b5cb4bcc7'));
  });
}

test('eliminate: a pod already paired with another transcript name is no candidate', () => {
  const m = mapped();
  m.learn('hello-85854d9fd8-lnnbv', 'hello-b5cb4bcc7-hmb6x');
  m.eliminate('kubectl describe pod hello-85854d9fd8-4mjwb', PODS, kindNamedIn('kubectl describe pod hello-85854d9fd8-4mjwb'));
  assert.equal(m.apply('hello-85854d9fd8-4mjwb'), 'hello-b5cb4bcc7-4mjwb');
  // and one left alone when the other is paired
  m.eliminate('pod/hello-85854d9fd8-4mjwb', [...PODS, { kind: 'Pod', name: 'hello-b5cb4bcc7-k9rtw' }], kindNamedIn('pod/hello-85854d9fd8-4mjwb'));
  assert.equal(m.apply('hello-85854d9fd8-4mjwb'), 'hello-b5cb4bcc7-k9rtw');
});

test('eliminate: a ReplicaSet named before it was shown, the only one of the Deployment left unpaired', () => {
  const m = new NameMapping();
  m.learn('hello-8c9694f75', 'hello-6474c95c86');
  const cmd = 'kubectl get rs hello-85854d9fd8';
  m.eliminate(cmd, PODS, kindNamedIn(cmd));
  assert.equal(m.apply(cmd), 'kubectl get rs hello-b5cb4bcc7');
});

test('f1: a command naming a pod never shown is not paired with whatever pod a differing listing put first', () => {
  const m = new NameMapping();
  m.learn('worker-7f5646cb8 3', 'worker-7f5646cb8 3');
  // the transcript's listing shows 7nmlw; kubemu's shows 2dmtv (Running) and 5zncv (Pending) besides
  m.learn('worker-7f5646cb8-7nmlw Running', 'worker-7f5646cb8-2dmtv Running\nworker-7f5646cb8-5zncv Pending\nworker-7f5646cb8-7nmlw Running');
  const cmd = 'kubectl describe pod worker-7f5646cb8-glnff';
  const objects: ClusterObject[] = ['2dmtv', '5zncv', '7nmlw'].map((s) => ({ kind: 'Pod', name: `worker-7f5646cb8-${s}` }));
  m.eliminate(cmd, objects, kindNamedIn(cmd));
  assert.equal(m.apply(cmd), cmd);
});

test('kindNamedIn: the kinds a text gives a name', () => {
  const n = 'hello-85854d9fd8-4mjwb';
  const cases: [string, string | undefined][] = [
    [`kubectl get pod ${n} -o json`, 'Pod'],
    [`kubectl get pods/${n}`, 'Pod'],
    [`kubectl logs -f ${n}`, 'Pod'],
    [`kubectl exec ${n} -- ls`, 'Pod'],
    [`/registry/pods/default/${n}`, 'Pod'],
    [`Error from server (NotFound): pods "${n}" not found`, 'Pod'],
    [`kubectl get rs ${n}`, 'ReplicaSet'],
    [`replicaset.apps/${n} created`, 'ReplicaSet'],
    [`hello from ${n}`, undefined],
  ];
  for (const [text, kind] of cases) assert.equal(kindNamedIn(text)(n), kind, text);
});

// line 570 names hello-85854d9fd8-4mjwb; kubemu has 4 unpaired pods of the partner; line 602 lists the article's 4
const KUBEMU_FOUR: ClusterObject[] = ['w8g4l', 'jfsdh', 'r48bf', 'q6vgm'].map((s) => ({ kind: 'Pod', name: `hello-b5cb4bcc7-${s}` }));
const ETCD_602 = ['/registry/deployments/default/hello', ...['4mjwb', 'cmcqg', 'ptchf', 'z4h9z'].map((s) => `/registry/pods/default/hello-85854d9fd8-${s}`), '/registry/replicasets/default/hello-85854d9fd8'].join('\n');

const LOOK_AHEAD: [string, string[], string, Record<string, string>][] = [
  // case, later outputs, the command's name mapped to, other names mapped
  ['the etcd key list pairs all four, sorted to sorted', ['[ownerReferences]', ETCD_602], 'hello-b5cb4bcc7-jfsdh', { cmcqg: 'q6vgm', ptchf: 'r48bf', z4h9z: 'w8g4l' }],
  ['the first output listing them all decides', [ETCD_602, ETCD_602.replace('cmcqg', 'xxxxx')], 'hello-b5cb4bcc7-jfsdh', { z4h9z: 'w8g4l' }],
  ['a listing of another count is passed over', [ETCD_602.replace('/registry/pods/default/hello-85854d9fd8-z4h9z\n', ''), ETCD_602], 'hello-b5cb4bcc7-jfsdh', { ptchf: 'r48bf' }],
  ['no later output lists them: unpaired', ['hello-85854d9fd8-4mjwb alone'], 'hello-b5cb4bcc7-4mjwb', {}],
  ['a listing without the name itself does not count', [ETCD_602.replace('4mjwb', 'bbbbb')], 'hello-b5cb4bcc7-4mjwb', {}],
];

for (const [name, later, want, others] of LOOK_AHEAD) {
  test(`eliminate by look-ahead: ${name}`, () => {
    const m = mapped();
    const cmd = 'kubectl get pod hello-85854d9fd8-4mjwb -o jsonpath={.metadata.ownerReferences}';
    const found = m.eliminate(cmd, KUBEMU_FOUR, kindNamedIn(cmd), later);
    assert.equal(m.apply('hello-85854d9fd8-4mjwb'), want);
    for (const [a, k] of Object.entries(others)) assert.equal(m.apply(`hello-85854d9fd8-${a}`), `hello-b5cb4bcc7-${k}`);
    assert.equal(found.length, want.endsWith('4mjwb') ? 0 : 1);
  });
}

test('eliminate by look-ahead: the ReplicaSet keys of the same listing do not count as pods, and the pairing is explained', async () => {
  const { explainLookAhead } = await import('../../../src/tools/replay/run-transcript.js');
  const m = mapped();
  const found = m.eliminate('kubectl delete pod hello-85854d9fd8-4mjwb', KUBEMU_FOUR, kindNamedIn('kubectl delete pod hello-85854d9fd8-4mjwb'), [ETCD_602]);
  assert.equal(found.length, 1);
  assert.equal(
    explainLookAhead(570, found[0]!, 602),
    'line 570: hello-85854d9fd8-4mjwb has 4 candidates in kubemu; line 602 lists 4 of its owner together, paired in sorted order: ' +
      'hello-85854d9fd8-4mjwb -> hello-b5cb4bcc7-jfsdh, hello-85854d9fd8-cmcqg -> hello-b5cb4bcc7-q6vgm, hello-85854d9fd8-ptchf -> hello-b5cb4bcc7-r48bf, hello-85854d9fd8-z4h9z -> hello-b5cb4bcc7-w8g4l',
  );
});

test('eliminate by look-ahead: when kubemu has more candidates, the ones being deleted (a scale-down) are left out', () => {
  const six: ClusterObject[] = [...KUBEMU_FOUR, { kind: 'Pod', name: 'hello-b5cb4bcc7-bbbbb', terminating: true }, { kind: 'Pod', name: 'hello-b5cb4bcc7-ccccc', terminating: true }];
  const m = mapped();
  m.eliminate('kubectl get pod hello-85854d9fd8-4mjwb', six, kindNamedIn('kubectl get pod hello-85854d9fd8-4mjwb'), [ETCD_602]);
  assert.equal(m.apply('hello-85854d9fd8-4mjwb'), 'hello-b5cb4bcc7-jfsdh');
  // six live ones for four names: nothing to go by
  const n = mapped();
  n.eliminate('kubectl get pod hello-85854d9fd8-4mjwb', six.map((o) => ({ kind: o.kind, name: o.name })), kindNamedIn('kubectl get pod hello-85854d9fd8-4mjwb'), [ETCD_602]);
  assert.equal(n.apply('hello-85854d9fd8-4mjwb'), 'hello-b5cb4bcc7-4mjwb');
});

const ROWS: [string, string, string, [string, string][]][] = [
  [
    'the one ContainerCreating row pairs with kubemu\'s, the alike rows in order',
    'hello-rs-8x855   1/1  Running  0  11s\nhello-rs-sbbkz   0/1  ContainerCreating  0  11s\nhello-rs-v9247   1/1  Running  0  11s',
    'hello-rs-5v2p5  1/1  Running  0  9s\nhello-rs-bvntd  1/1  Running  0  9s\nhello-rs-n2bjg  0/1  ContainerCreating  0  9s',
    [['sbbkz', 'n2bjg'], ['8x855', '5v2p5'], ['v9247', 'bvntd']],
  ],
  [
    'rows that all differ from kubemu\'s pair in order',
    'hello-rs-8x855  1/1  Running  0  11s\nhello-rs-sbbkz  0/1  Pending  0  11s',
    'hello-rs-5v2p5  0/1  ContainerCreating  0  9s\nhello-rs-bvntd  0/1  ContainerCreating  0  9s',
    [['8x855', '5v2p5'], ['sbbkz', 'bvntd']],
  ],
  [
    'a unique row of another owner does not pair across owners',
    'hello-8c9694f75 4\nhello-8c9694f75-4nf7n  0/1  Pending',
    'hello-6474c95c86 4\nhello-b5cb4bcc7-hmb6x  0/1  Pending',
    [['8c9694f75', '6474c95c86']],
  ],
];

for (const [name, expected, actual, want] of ROWS) {
  test(`learn rows table: ${name}`, () => {
    const m = new NameMapping();
    m.learn(expected, actual);
    assert.deepEqual(m.pairs(), want);
  });
}

test('patternWithOpenTokens: tokens not paired match any token of their class, paired ones kubemu\'s, the rest literally', () => {
  const p = patternWithOpenTokens('Successfully assigned default/web-5d6947f877-wfr4t to k8s-node-1 (x.y)', () => undefined);
  assert.equal(p.test('Successfully assigned default/web-6474c95c86-2wnvk to k8s-node-1 (x.y)'), true);
  assert.equal(p.test('Successfully assigned default/web-6474c95c86-2wnvk to k8s-node-1 (xzy)'), false, 'the dot is literal');
  assert.equal(p.test('Successfully assigned default/web-6474c95c86-2wnvkk to k8s-node-1 (x.y)'), false, 'a suffix is 5 characters');
  assert.equal(p.test('Successfully assigned default/api-6474c95c86-2wnvk to k8s-node-1 (x.y)'), false);
  const half = patternWithOpenTokens('Created pod: web-5d6947f877-wfr4t', (t) => (t === '5d6947f877' ? '6474c95c86' : undefined));
  assert.equal(half.test('Created pod: web-6474c95c86-2wnvk'), true);
  assert.equal(half.test('Created pod: web-5d6947f877-2wnvk'), false, "a paired token is kubemu's");
  assert.equal(patternWithOpenTokens('restarted 2m42s ago, 22545 times', () => undefined).test('restarted 2m42s ago, 22545 times'), true);
});
