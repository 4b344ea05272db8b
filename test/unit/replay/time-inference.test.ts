import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  type AgeLookup,
  type Constraint,
  type StepView,
  ageMentions,
  constraintsFor,
  decideAdvance,
  explainDecision,
  mutates,
  typedAtOnce,
} from '../../../src/tools/replay/time-inference.js';

test('ageMentions: AGE columns of every table, kinds from prefixes or the command, a watch only until a row repeats', () => {
  const out = ageMentions('kubectl get deployment,replicaset -l app=hello', [
    'NAME                    READY   UP-TO-DATE   AVAILABLE   AGE',
    'deployment.apps/hello   4/4     4            4           19s',
    '',
    'NAME                              DESIRED   CURRENT   READY   AGE',
    'replicaset.apps/hello-8c9694f75   4         4         4       2m55s',
  ]);
  assert.deepEqual(out.map((m) => [m.kind, m.name, m.age, m.interval.lo]), [
    ['deployment', 'hello', '19s', 19],
    ['replicaset', 'hello-8c9694f75', '2m55s', 175],
  ]);
  const pods = ageMentions('kubectl get pods', [
    'NAME     READY   STATUS    RESTARTS       AGE',
    'web-1    1/1     Running   2 (2m36s ago)  5m',
  ]);
  assert.deepEqual(pods.map((m) => [m.kind, m.name, m.age]), [['pod', 'web-1', '5m']]);
  const watch = ageMentions('kubectl get rs -w', [
    'NAME              DESIRED   CURRENT   READY   AGE',
    'hello-8c9694f75   4         4         4       47s',
    'hello-85854d9fd8   1         0         0       0s',
    'hello-85854d9fd8   1         0         0       0s',
    'hello-8c9694f75    3         4         4       58s',
  ]);
  assert.deepEqual(watch.map((m) => [m.name, m.age]), [['hello-8c9694f75', '47s'], ['hello-85854d9fd8', '0s']]);
  assert.deepEqual(ageMentions('kubectl get pods -o custom-columns=NAME:.metadata.name', ['NAME', 'web-1']), []);
});

test('mutates: commands that change the cluster', () => {
  assert.equal(mutates('kubectl set image deployment/hello hello=x:1.2'), true);
  assert.equal(mutates('kubectl rollout undo deployment/hello'), true);
  assert.equal(mutates('kubectl get pods | grep delete'), false);
  assert.equal(mutates('kubectl rollout status deployment/hello'), false);
});

const step = (line: number, command: string, expected: string[], extra: Partial<StepView> = {}): StepView => ({
  line, command, expected, runs: true, waits: false, pauseAfter: 5, ...extra,
});
const rsTable = (...rows: [string, string][]): string[] => ['NAME   DESIRED   CURRENT   READY   AGE', ...rows.map(([n, a]) => `${n}   4   4   4   ${a}`)];
const none = (): undefined => undefined;

test('transcript ages to advances: one age, the default when it agrees, else the smallest advance', () => {
  const steps = [step(10, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))];
  const at = (age: number): AgeLookup => (name) => (name === 'hello-8c9694f75' ? { name: 'hello-6474c95c86', age } : undefined);
  const mentions = (k: number) => ageMentions(steps[k]!.command, steps[k]!.expected);
  const table: [number, number, string][] = [
    // kubemu's age now, chosen advance, how
    [42.5, 5, 'agrees'], // 47.5 is in [47, 48): the default pause
    [20, 27, 'inferred'], // the reader waited: 27 s to reach 47
    [44.3, 2.7, 'inferred'],
    [47.2, 0, 'inferred'], // already in range: no pause
    [50, 1, 'too-late'], // kubemu is already older: a typing pause only
  ];
  for (const [age, advance, how] of table) {
    const d = decideAdvance(constraintsFor(steps, 0, at(age), () => true, mentions), 5);
    assert.equal(d.how, how, `age ${age}`);
    assert.ok(Math.abs(d.advance - advance) < 0.001, `age ${age}: ${d.advance}`);
  }
});

test('no evidence: the default pause, explained as such', () => {
  const steps = [step(3, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))];
  const d = decideAdvance(constraintsFor(steps, 0, none, () => true, () => ageMentions(steps[0]!.command, steps[0]!.expected)), 5);
  assert.deepEqual([d.how, d.advance], ['default', 5]);
  assert.equal(explainDecision(3, d), 'line 3: +5s (default pause: no ages in the transcript to go by)');
});

test('contradiction: the youngest object decides when the older ones disagree, else the default', () => {
  const c = (lo: number, hi: number, kubemuAge: number): Constraint => ({ lo, hi, kubemuAge, why: `${lo}..${hi}` });
  assert.deepEqual(decideAdvance([c(10, 11, 100), c(30, 31, 20)], 5).how, 'youngest');
  assert.equal(decideAdvance([c(10, 11, 100), c(30, 31, 20)], 5).advance, 30);
  const both = decideAdvance([c(10, 11, 20), c(30, 31, 20)], 5);
  assert.deepEqual([both.how, both.advance], ['contradiction', 5]);
  assert.match(explainDecision(7, both), /^line 7: \+5s \(default pause: the ages contradict each other: 10\.\.11; 30\.\.31\)$/);
});

// a command with no ages of its own before a later listing: the default pauses when they make the
// later age agree (a transcript kubemu wrote), else a typing pause (the command before the listing
// gets the rest), also when kubemu is already later; past a wait only "already later" counts
const LATER: [string, StepView[], number, number, string][] = [
  // case, steps (the first is the one decided), kubemu's age of hello-8c9694f75 now, advance, how
  ['the default pauses agree', [step(1, 'kubectl get deploy hello', []), step(2, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))], 37.5, 5, 'agrees'],
  ['the later age is further: typing pause', [step(1, 'kubectl get deploy hello', []), step(2, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))], 20, 1, 'typing'],
  ['kubemu already later: typing pause', [step(1, 'kubectl get deploy hello', []), step(2, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))], 44, 1, 'typing'],
  [
    'a change in between: the default must still fit exactly',
    [step(1, 'kubectl get deploy hello', []), step(2, 'kubectl scale deploy hello --replicas=2', []), step(3, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))],
    20, 1, 'typing',
  ],
  [
    'past a wait, room left: the default',
    [step(1, 'kubectl get deploy hello', []), step(2, 'kubectl rollout status deployment/hello', [], { waits: true, pauseAfter: 0 }), step(3, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))],
    20, 5, 'agrees',
  ],
  [
    'past a wait, kubemu already later: typing pause',
    [step(1, 'kubectl get deploy hello', []), step(2, 'kubectl rollout status deployment/hello', [], { waits: true, pauseAfter: 0 }), step(3, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))],
    40, 1, 'typing',
  ],
];

for (const [name, steps, age, advance, how] of LATER) {
  test(`a later listing's ages: ${name}`, () => {
    const look: AgeLookup = (n) => (n === 'hello-8c9694f75' ? { name: n, age } : undefined);
    const d = decideAdvance(constraintsFor(steps, 0, look, () => true, (k) => ageMentions(steps[k]!.command, steps[k]!.expected)), 5);
    assert.deepEqual([d.how, d.advance], [how, advance]);
  });
}

test('a later listing: the typing pause explained, the default pause after a wait (0 s) kept', () => {
  const steps = [step(508, 'kubectl get deploy hello', []), step(517, 'kubectl get rs', rsTable(['hello-8c9694f75', '47s']))];
  const look: AgeLookup = (n) => (n === 'hello-8c9694f75' ? { name: n, age: 44 } : undefined);
  const c = constraintsFor(steps, 0, look, () => true, (k) => ageMentions(steps[k]!.command, steps[k]!.expected));
  assert.equal(explainDecision(508, decideAdvance(c, 5)), 'line 508: +1s (typing pause: kubemu is already later than hello-8c9694f75 AGE 47s at line 517 (kubemu 44s, +5s of pauses before it))');
  assert.match(explainDecision(508, decideAdvance(c.map((x) => ({ ...x, exact: { lo: 20, hi: 21 } })), 5)), /^line 508: \+1s \(typing pause: the default pauses would not reach hello-8c9694f75 AGE 47s at line 517 .*; the command before that output waits the rest\)$/);
  assert.equal(decideAdvance(c, 0).advance, 0); // never more than the default (0 after a wait)
});

test('typedAtOnce: a rollout status that saw the spec update unobserved was typed right after the change', () => {
  const cases: [string, string[], boolean][] = [
    ['kubectl rollout status deployment/hello', ['Waiting for deployment spec update to be observed...', 'deployment "hello" successfully rolled out'], true],
    ['kubectl rollout status deployment/hello --timeout=3m', ['Waiting for deployment spec update to be observed...'], true],
    ['kubectl rollout status deployment/hello', ['Waiting for deployment "hello" rollout to finish: 0 of 4 updated replicas are available...'], false],
    ['kubectl get deploy hello', ['Waiting for deployment spec update to be observed...'], false],
    ['kubectl rollout status deployment/hello', [], false],
  ];
  for (const [command, expected, want] of cases) assert.equal(typedAtOnce(command, expected), want, command);
});

test("a pod that replaces one the previous command deleted: its age is the time since the delete, over the deleted pod's age", () => {
  const steps = [
    step(622, 'kubectl delete pod hello-85854d9fd8-4mjwb --wait=false', ['pod "hello-85854d9fd8-4mjwb" deleted from default namespace']),
    step(624, 'kubectl get pods', [
      'NAME                     READY   STATUS              RESTARTS   AGE',
      'hello-85854d9fd8-2rzmr   0/1     ContainerCreating   0          1s',
      'hello-85854d9fd8-4mjwb   1/1     Terminating         0          60s',
    ]),
  ];
  const paired = new Set(['85854d9fd8', '4mjwb']);
  const look: AgeLookup = (n) => (n === 'hello-85854d9fd8-4mjwb' ? { name: 'hello-b5cb4bcc7-jfsdh', age: 47 } : undefined);
  const mentions = (k: number) => ageMentions(steps[k]!.command, steps[k]!.expected);
  const since = (j: number) => (j === 0 ? 0.2 : undefined);
  const d = decideAdvance(constraintsFor(steps, 1, look, (t) => !paired.has(t), mentions, undefined, since), 5);
  assert.deepEqual([d.how, Number(d.advance.toFixed(3))], ['youngest', 0.8]);
  assert.match(explainDecision(624, d), /^line 624: \+0\.8s from hello-85854d9fd8-2rzmr AGE 1s at line 624, made by line 622 /);
  // a pod first shown after some other change is not taken for that command's (a rollout's pods come later)
  const other = [step(622, 'kubectl scale deployment/hello --replicas=5', []), steps[1]!];
  const o = decideAdvance(constraintsFor(other, 1, look, (t) => !paired.has(t), (k) => ageMentions(other[k]!.command, other[k]!.expected), undefined, since), 5);
  assert.deepEqual([o.how, o.advance], ['inferred', 13]);
});

test('an object this command makes, against an older one in a later listing: the time between them', () => {
  const steps = [
    step(431, 'kubectl set image deployment/hello hello=x:1.2', ['deployment.apps/hello image updated']),
    step(433, 'kubectl rollout status deployment/hello', [], { waits: true, pauseAfter: 0 }),
    step(438, 'kubectl get pods', [
      'NAME                     READY   STATUS             RESTARTS   AGE',
      'hello-85854d9fd8-h87n6   1/1     Running            0          2m55s',
      'hello-85854d9fd8-5zw99   1/1     Running            0          2m33s',
      'hello-8d8f8775c-hk7jb    0/1     ImagePullBackOff   0          2m1s',
    ]),
  ];
  const paired = new Set(['85854d9fd8']);
  const oldestOf = (owner: string) => (owner === 'hello-85854d9fd8' ? { name: 'hello-b5cb4bcc7-zv8lm', age: 10 } : undefined);
  const d = decideAdvance(
    constraintsFor(steps, 0, none, (t) => !paired.has(t), (k) => ageMentions(steps[k]!.command, steps[k]!.expected), oldestOf),
    5,
  );
  // made 54 s (53..55) after the oldest 1.1 pod, which kubemu made 10 s ago
  assert.equal(d.how, 'inferred');
  assert.equal(d.advance, 43);
  assert.match(explainDecision(431, d), /^line 431: \+4\d(\.\d+)?s from hello-8d8f8775c-hk7jb 2m1s vs hello-85854d9fd8-h87n6 2m55s at line 438/);
});

test('an object an earlier command made: its age is the time since that command', () => {
  const steps = [
    step(495, 'kubectl rollout resume deployment/hello', ['deployment.apps/hello resumed']),
    step(497, 'kubectl get rs', rsTable(['hello-77b6f6d957', '41s'])),
  ];
  const d = decideAdvance(
    constraintsFor(steps, 1, none, () => true, (k) => ageMentions(steps[k]!.command, steps[k]!.expected), undefined, (j) => (j === 0 ? 0.2 : undefined)),
    5,
  );
  assert.deepEqual([d.how, Number(d.advance.toFixed(3))], ['inferred', 40.8]);
});

test("transcriptPause: a transcript's own `replay: pause D` line fixes the pause; a command's comment does not", async () => {
  const { transcriptPause } = await import('../../../src/tools/replay/replay.js');
  assert.equal(transcriptPause('# Drill\n<!-- replay: pause 5s -->\n```\n$ kubectl get pods\n```\n'), '5s');
  assert.equal(transcriptPause('replay: pause 2s\n$ kubectl get pods\n'), '2s');
  assert.equal(transcriptPause('$ kubectl run x --image=y # replay: pause 1s\n'), undefined);
  assert.equal(transcriptPause('<!-- replay: pause soon -->\n'), undefined);
});

test("oldestPodOf: kubemu's first pod of a ReplicaSet still there, not a terminating one of an earlier rollout", async () => {
  const { listedObjects, oldestPodOf } = await import('../../../src/tools/replay/time-lookup.js');
  const listed = [
    'Pod hello-b5cb4bcc7-vbbc4 2026-10-26T19:10:00Z 2026-10-26T19:14:00Z',
    'Pod hello-b5cb4bcc7-mzxm6 2026-10-26T19:14:30Z ',
    'Pod hello-b5cb4bcc7-k2x9p 2026-10-26T19:14:40Z ',
    'Pod hello-b5cb4bcc7-extra-n2 2026-10-26T19:00:00Z ',
    'ReplicaSet hello-b5cb4bcc7 2026-10-26T19:09:00Z ',
    'Pod hello-6474c95c86-6mlqm 2026-10-26T19:01:00Z ',
  ].join('\n');
  const cases: [string, string | undefined][] = [
    ['hello-b5cb4bcc7', 'hello-b5cb4bcc7-mzxm6'],
    ['hello-6474c95c86', 'hello-6474c95c86-6mlqm'],
    ['hello-647c6476fb', undefined],
  ];
  for (const [rs, want] of cases) assert.equal(oldestPodOf(listedObjects(listed), rs)?.name, want, rs);
});
