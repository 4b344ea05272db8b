import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Klog,
  formatKlogLine,
  goQuote,
  goTimeString,
  lineMicros,
  readKlog,
  replicaSetStatusUpdateMessage,
  structuredText,
  syncStartNs,
} from '../../../src/logs/klog.js';

// The article's lines (deployments-and-replicasets-article.txt, "The controller-manager at work").
const US_10_935036 = Date.UTC(2026, 9, 26, 19, 41, 10) * 1000 + 935036;

test('klog header and structured text reproduce the article line byte for byte', () => {
  const text = structuredText('Too few replicas', [
    ['replicaSet', 'default/hello-85854d9fd8'],
    ['need', 4],
    ['creating', 1],
  ]);
  assert.equal(
    formatKlogLine({ us: US_10_935036, severity: 'I', source: 'replica_set.go:668', text }),
    'I1026 19:41:10.935036       1 replica_set.go:668] "Too few replicas" replicaSet="default/hello-85854d9fd8" need=4 creating=1',
  );
});

test('header pads microseconds and month/day; quotes escape like Go', () => {
  const us = Date.UTC(2026, 0, 2, 3, 4, 5) * 1000 + 7;
  assert.equal(formatKlogLine({ us, severity: 'W', source: 'x.go:1', text: '"m"' }), 'W0102 03:04:05.000007       1 x.go:1] "m"');
  assert.equal(goQuote('a"b\\c\n\u001b'), '"a\\"b\\\\c\\n\\x1b"');
  assert.equal(structuredText('m', [['ok', true], ['s', 'x y']]), '"m" ok=true s="x y"');
});

test('the RS status line of the article', () => {
  const before = { replicas: 4, fullyLabeledReplicas: 4, readyReplicas: 4, availableReplicas: 4, terminatingReplicas: 0, observedGeneration: 22 };
  const after = { replicas: 3, fullyLabeledReplicas: 3, readyReplicas: 3, availableReplicas: 3, terminatingReplicas: 1, observedGeneration: 22 };
  assert.equal(
    replicaSetStatusUpdateMessage('default', 'hello-85854d9fd8', 4, before, after),
    'Updating status for : default/hello-85854d9fd8, replicas 4->3 (need 4), fullyLabeledReplicas 4->3, readyReplicas 4->3, availableReplicas 4->3, terminatingReplicas 0->1, sequence No: 22->22',
  );
  // A status without terminatingReplicas prints Go's nil for the pointer; plain counts print 0.
  assert.equal(
    replicaSetStatusUpdateMessage('ns', 'rs', 1, undefined, { replicas: 1 }),
    'Updating status for : ns/rs, replicas 0->1 (need 1), fullyLabeledReplicas 0->0, readyReplicas 0->0, availableReplicas 0->0, terminatingReplicas nil->nil, sequence No: 0->0',
  );
});

test("Go's time.Time.String with the monotonic clock, as the article's startTime", () => {
  const ns = BigInt(Date.UTC(2026, 9, 26, 19, 41, 11)) * 1_000_000n + 168_470_276n;
  const start = ns - 41_308_722_235n;
  assert.equal(goTimeString(ns, start), '2026-10-26 19:41:11.168470276 +0000 UTC m=+41.308722235');
  // trailing zeros of the fraction are cut; a whole second has none
  const whole = BigInt(Date.UTC(2026, 9, 26, 19, 0, 0)) * 1_000_000n;
  assert.equal(goTimeString(whole + 1_000_000n, whole), '2026-10-26 19:00:00.001 +0000 UTC m=+0.001000000');
  assert.equal(goTimeString(whole, whole), '2026-10-26 19:00:00 +0000 UTC m=+0.000000000');
  // startTime is 6 µs before its line, nanoseconds from the line's microseconds
  assert.equal(syncStartNs(168476), 168470852n);
});

test('line microseconds: an offset inside the millisecond, then strictly increasing', () => {
  assert.equal(lineMicros(10, 22, 0), 10_058); // 22·389 mod 500 = 58
  assert.equal(lineMicros(10, 23, 10_058), 10_447); // 23·389 mod 500 = 447, after the last line
  assert.equal(lineMicros(10, 24, 10_460), 10_461); // 24·389 mod 500 = 336 is earlier: one after the last
  assert.equal(lineMicros(11, 24, 10_461), 11_336); // a new millisecond
});

function memStore() {
  const m = new Map<string, string>();
  return {
    m,
    getMeta: (k: string) => m.get(k),
    setMeta: (k: string, v: string) => void m.set(k, v),
    deleteMeta: (k: string) => void m.delete(k),
  };
}

test('Klog keeps a line only when the verbosity reaches its level', () => {
  const store = memStore();
  let v = 0;
  let now = 5;
  const make = () => new Klog(store, () => v, () => now);
  make().info(2, 'a.go:1', 'hidden');
  assert.equal(readKlog(store).length, 0);
  v = 2;
  const log = make();
  log.info(2, 'a.go:1', 'shown', [['n', 1]]);
  log.info(4, 'a.go:2', 'too detailed');
  now = 6;
  const next = log.nextLineUs();
  log.info(1, 'a.go:3', 'later');
  const lines = readKlog(store);
  assert.deepEqual(lines.map((l) => l.text), ['"shown" n=1', '"later"']);
  assert.equal(lines[1]!.us, next);
  assert.ok(lines[0]!.us < lines[1]!.us);
});
