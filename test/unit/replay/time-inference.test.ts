import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  type AgeLookup,
  type Constraint,
  type StepView,
  ageMentions,
  constraintsFor,
  decideAdvance,
  diffAgeMentions,
  eventKeyParts,
  explainDecision,
  momentMentions,
  mutates,
  typedAtOnce,
} from '../../../src/tools/replay/time-inference.js';
import { lastRestarts, listedEvents, matchingEventAt } from '../../../src/tools/replay/time-lookup.js';
import { patternWithOpenTokens } from '../../../src/tools/replay/name-mapping.js';

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

/** describe's Events section for a pod scheduled 5 s ago. */
const SCHEDULED_EVENTS = [
    'Events:',
    '  Type    Reason     Age   From               Message',
    '  ----    ------     ----  ----               -------',
    '  Normal  Scheduled  5s    default-scheduler  Successfully assigned default/web-1 to k8s-node-1',
];

test('momentMentions: describe events that came once, get events LAST SEEN with its object, RESTARTS ago', () => {
  const describe = momentMentions("kubectl describe deployment hello | sed -n '/^Events:/,$p'", [
    'Events:',
    '  Type    Reason             Age                From                   Message',
    '  ----    ------             ----               ----                   -------',
    '  Normal  ScalingReplicaSet  100s               deployment-controller  Scaled up replica set hello-8c9694f75 from 0 to 4',
    '  Normal  ScalingReplicaSet  2m55s              deployment-controller  Scaled down replica set  hello-8c9694f75 from 4 to 3',
    '  Warning Unhealthy          62s (x2 over 64s)  kubelet                Startup probe failed',
  ]);
  assert.deepEqual(
    describe.map((m) => [m.kind, eventKeyParts(m.name), m.age, m.interval.lo, m.moment]),
    [
      ['event', { object: 'deployment/hello', reason: 'ScalingReplicaSet', message: 'Scaled up replica set hello-8c9694f75 from 0 to 4' }, '100s', 100, 'event'],
      // the message as printed, spaces and all: the columns are cut at the header's positions
      ['event', { object: 'deployment/hello', reason: 'ScalingReplicaSet', message: 'Scaled down replica set  hello-8c9694f75 from 4 to 3' }, '2m55s', 175, 'event'],
    ],
  );
  // several objects described: each Events table is the last Name:'s
  const pods = momentMentions('kubectl describe pods -l app=web', ['Name:             web-1', ...SCHEDULED_EVENTS]);
  assert.deepEqual(pods.map((m) => eventKeyParts(m.name).object), ['pod/web-1'], 'the kind from the command, the name from Name:');
  const sedded = momentMentions("kubectl describe pods -l app=web | sed -n '/^Events:/,$p'", SCHEDULED_EVENTS);
  assert.deepEqual(sedded.map((m) => eventKeyParts(m.name).object), [''], 'neither a Name: nor a name in the command');
  const one = momentMentions('kubectl describe pod web-1', ['Name:             web-1', ...SCHEDULED_EVENTS]);
  assert.deepEqual(one.map((m) => [eventKeyParts(m.name).object, m.age]), [['pod/web-1', '5s']]);
  const get = momentMentions('kubectl get events --field-selector involvedObject.name=stuck', [
    'LAST SEEN   TYPE      REASON              OBJECT      MESSAGE',
    '2m53s       Normal    Scheduled           pod/stuck   Successfully assigned default/stuck to k8s-node-1',
    '<unknown>   Normal    Pulling             pod/stuck   Pulling image "example/shop:slow"',
  ]);
  assert.deepEqual(get.map((m) => [eventKeyParts(m.name), m.age]), [
    [{ object: 'pod/stuck', reason: 'Scheduled', message: 'Successfully assigned default/stuck to k8s-node-1' }, '2m53s'],
  ]);
  assert.deepEqual(momentMentions('kubectl get events -w', ['LAST SEEN   TYPE      REASON   OBJECT   MESSAGE', '5s   Normal   Scheduled   pod/x   y']), []);
  const restarts = momentMentions('kubectl get pods', [
    'NAME     READY   STATUS             RESTARTS        AGE',
    'web-1    0/1     CrashLoopBackOff   293 (83s ago)   24h',
    'web-2    1/1     Running            0               24h',
  ]);
  assert.deepEqual(restarts.map((m) => [m.kind, m.name, m.age, m.interval.lo]), [['restart', 'web-1', '83s', 83]]);
});

test('event and restart ages to advances: the moment kubemu has, as an AGE would', () => {
  const steps = [
    step(10, 'kubectl describe deployment hello', [
      'Events:',
      '  Type    Reason             Age   From                   Message',
      '  ----    ------             ----  ----                   -------',
      '  Normal  ScalingReplicaSet  52s   deployment-controller  Scaled up replica set hello-85854d9fd8 from 0 to 1',
    ]),
  ];
  // kubemu's event came 40.5 s ago: 52 s printed needs an advance in [11.5, 12.5)
  const look: AgeLookup = (name, kind) => (kind === 'event' && eventKeyParts(name).reason === 'ScalingReplicaSet' ? { name: 'event', age: 40.5 } : undefined);
  const d = decideAdvance(constraintsFor(steps, 0, look, () => true, (k) => momentMentions(steps[k]!.command, steps[k]!.expected)), 5);
  assert.deepEqual([d.how, d.advance], ['inferred', 11.5]);
  assert.match(explainDecision(10, d), /^line 10: \+11\.5s from event ScalingReplicaSet "Scaled up replica set hello-85854d9fd8 from 0 to 1" 52s at line 10 \(kubemu 40s\)$/);
  const pods = [step(20, 'kubectl get pods', ['NAME    READY   STATUS             RESTARTS       AGE', 'web-1   0/1     CrashLoopBackOff   3 (70s ago)    5m'])];
  const restart: AgeLookup = (name, kind) => (kind === 'restart' && name === 'web-1' ? { name: "web-1's last restart", age: 68.2 } : kind === 'pod' ? { name: 'web-1', age: 298 } : undefined);
  const mentions = (k: number) => [...ageMentions(pods[k]!.command, pods[k]!.expected), ...momentMentions(pods[k]!.command, pods[k]!.expected)];
  const r = decideAdvance(constraintsFor(pods, 0, restart, () => true, mentions), 5);
  // AGE 5m: [2, 3); restarted 70s ago: [1.8, 2.8): both, from 2 s
  assert.deepEqual([r.how, r.advance], ['inferred', 2]);
});

test('kubemu side: events listed, matched by object, reason and message once, and pods last restarts', () => {
  const events = listedEvents(
    [
      'Deployment/hello\tScalingReplicaSet\t1\t2026-10-26T19:00:10Z\t2026-10-26T19:00:10Z\t\tScaled up replica set hello-6474c95c86 from 0 to 4',
      'Pod/web-1\tUnhealthy\t3\t2026-10-26T19:00:30Z\t2026-10-26T19:00:10Z\t\tReadiness probe failed',
      'Pod/web-2\tScheduled\t\t\t\t2026-10-26T19:00:05.123456Z\tSuccessfully assigned default/web-2 to k8s-node-1',
      'Pod/web-3\tScheduled\t1\t2026-10-26T19:00:06Z\t\t\tSuccessfully assigned default/web-2 to k8s-node-1',
      '',
    ].join('\n'),
  );
  assert.deepEqual(events.map((e) => [e.object, e.count, e.at]), [
    ['deployment/hello', 1, Date.parse('2026-10-26T19:00:10Z')],
    ['pod/web-1', 3, Date.parse('2026-10-26T19:00:30Z')],
    ['pod/web-2', 1, Date.parse('2026-10-26T19:00:05.123456Z')],
    ['pod/web-3', 1, Date.parse('2026-10-26T19:00:06Z')],
  ]);
  const exact = (text: string): RegExp => patternWithOpenTokens(text, (t) => t);
  const scaled = exact('Scaled up replica set hello-6474c95c86 from 0 to 4');
  assert.equal(matchingEventAt(events, exact('deployment/hello'), 'ScalingReplicaSet', scaled), Date.parse('2026-10-26T19:00:10Z'));
  assert.equal(matchingEventAt(events, undefined, 'ScalingReplicaSet', scaled), Date.parse('2026-10-26T19:00:10Z'));
  assert.equal(matchingEventAt(events, exact('deployment/other'), 'ScalingReplicaSet', scaled), undefined);
  assert.equal(matchingEventAt(events, exact('pod/web-1'), 'Unhealthy', exact('Readiness probe failed')), undefined, 'repeated: not a moment');
  // two matches at different times (the object not given): no answer
  const assigned = exact('Successfully assigned default/web-2 to k8s-node-1');
  assert.equal(matchingEventAt(events, undefined, 'Scheduled', assigned), undefined);
  assert.equal(matchingEventAt(events, exact('pod/web-3'), 'Scheduled', assigned), Date.parse('2026-10-26T19:00:06Z'));
  // a hash not paired yet stands for any; a paired one for kubemu's
  const open = patternWithOpenTokens('Scaled up replica set hello-8c9694f75 from 0 to 4', () => undefined);
  assert.equal(matchingEventAt(events, undefined, 'ScalingReplicaSet', open), Date.parse('2026-10-26T19:00:10Z'));
  const pairedTo = (to: string) => patternWithOpenTokens('Scaled up replica set hello-8c9694f75 from 0 to 4', (t) => (t === '8c9694f75' ? to : undefined));
  assert.equal(matchingEventAt(events, undefined, 'ScalingReplicaSet', pairedTo('6474c95c86')), Date.parse('2026-10-26T19:00:10Z'));
  assert.equal(matchingEventAt(events, undefined, 'ScalingReplicaSet', pairedTo('b5cb4bcc7')), undefined);
  const restarts = lastRestarts('web-1\t2026-10-26T19:00:10Z 2026-10-26T19:02:00Z\nweb-2\t\n');
  assert.deepEqual([...restarts], [['web-1', Date.parse('2026-10-26T19:02:00Z')]]);
});

test('a last restart dates only its own command, and only when no restart must come first', () => {
  const pods = (line: number, ago: string) => step(line, 'kubectl get pods', ['NAME    READY   STATUS             RESTARTS         AGE', `web-1   0/1     CrashLoopBackOff   3 (${ago} ago)   24h`]);
  const steps = [step(5, 'kubectl get nodes', []), pods(10, '70s')];
  const restart = (age: number): AgeLookup => (name, kind) => (kind === 'restart' && name === 'web-1' ? { name: "web-1's last restart", age } : undefined);
  const mentions = (k: number) => momentMentions(steps[k]!.command, steps[k]!.expected);
  // before an earlier command: nothing (a restart may come in between and start the age again)
  assert.equal(decideAdvance(constraintsFor(steps, 0, restart(60), () => true, mentions), 5).how, 'default');
  // kubemu's restarted 60.5 s ago: +9.5 s; 4m38s ago: a restart must come first, no evidence
  assert.deepEqual(pick(decideAdvance(constraintsFor(steps, 1, restart(60.5), () => true, mentions), 5)), ['inferred', 9.5]);
  assert.deepEqual(pick(decideAdvance(constraintsFor(steps, 1, restart(278), () => true, mentions), 5)), ['default', 5]);
});

function pick(d: { how: string; advance: number }): [string, number] {
  return [d.how, d.advance];
}

test("diffAgeMentions: a diff's file time against the live object's creationTimestamp", () => {
  const article = [
    'diff -u -N /tmp/LIVE-4064112325/apps.v1.Deployment.default.hello /tmp/MERGED-16719779/apps.v1.Deployment.default.hello',
    '--- /tmp/LIVE-4064112325/apps.v1.Deployment.default.hello\t2026-10-26 22:09:53.564641082 +0300',
    '+++ /tmp/MERGED-16719779/apps.v1.Deployment.default.hello\t2026-10-26 22:09:53.565641119 +0300',
    '@@ -5,9 +5,9 @@',
    '     deployment.kubernetes.io/revision: "1"',
    '   creationTimestamp: "2026-10-26T19:09:12Z"',
    '-  generation: 1',
  ];
  assert.deepEqual(diffAgeMentions(article), [{ name: 'hello', kind: 'deployment', age: '41.564s', interval: { lo: 40.564, hi: 41.565 } }]);
  // through ageMentions too (a diff has no table), and a core kind, UTC, no fraction
  const svc = ageMentions('kubectl diff -f svc.yaml', [
    '--- /tmp/LIVE-1/v1.Service.default.web\t2026-10-26 19:01:00 +0000',
    '+++ /tmp/MERGED-2/v1.Service.default.web\t2026-10-26 19:01:00 +0000',
    '-  creationTimestamp: "2026-10-26T19:00:00Z"',
  ]);
  assert.deepEqual(svc.map((m) => [m.kind, m.name, m.interval.lo, m.interval.hi]), [['service', 'web', 59, 60.001]]);
  // a new object (no live file: the epoch) or no creationTimestamp: nothing
  assert.deepEqual(diffAgeMentions(['--- /tmp/LIVE-1/v1.Service.default.web\t1970-01-01 00:00:00.000000000 +0000', '+  creationTimestamp: null']), []);
});
