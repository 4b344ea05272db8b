import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectLogLines, streamOutput, timestampPrefix } from '../../../src/kubectl/cmd/logs/select-lines.js';
import type { KlogLine } from '../../../src/logs/klog.js';

const T0 = Date.UTC(2026, 9, 26, 19, 0, 0);
const line = (s: number, text: string): KlogLine => ({ us: (T0 + s * 1000) * 1000, severity: 'I', source: 'f.go:1', text });
const LINES = [line(10, '"a"'), line(15, '"b"'), line(25, '"c"')];
const texts = (out: string) => out.split('\n').filter(Boolean).map((l) => l.slice(l.indexOf('] ') + 2));

test('--since keeps lines at or after now - since; --tail then keeps the newest N', () => {
  const now = T0 + 30_000;
  assert.deepEqual(texts(selectLogLines(LINES, now, {})), ['"a"', '"b"', '"c"']);
  assert.deepEqual(texts(selectLogLines(LINES, now, { sinceMs: 15_000 })), ['"b"', '"c"']);
  assert.deepEqual(texts(selectLogLines(LINES, now, { sinceMs: 15_000, tail: 1 })), ['"c"']);
  assert.deepEqual(texts(selectLogLines(LINES, now, { tail: 2 })), ['"b"', '"c"']);
  assert.equal(selectLogLines(LINES, now, { tail: 0 }), '');
  assert.deepEqual(texts(selectLogLines(LINES, now, { tail: -1 })), ['"a"', '"b"', '"c"']);
  assert.equal(selectLogLines(LINES, now, { sinceMs: 4_000 }), '');
});

test('--timestamps prefixes RFC 3339 with nanoseconds', () => {
  assert.equal(timestampPrefix((T0 + 10_935) * 1000 + 36), '2026-10-26T19:00:10.935036000Z');
  const out = selectLogLines([line(10, '"a"')], T0 + 30_000, { timestamps: true });
  assert.equal(out, '2026-10-26T19:00:10.000000000Z I1026 19:00:10.000000       1 f.go:1] "a"\n');
});

test('a stream as kubectl prints it: --timestamps from the kubelet, --limit-bytes cuts mid-line, --prefix before each line read', () => {
  const lines = [
    { us: (T0 + 1_000) * 1000, text: 'first line' },
    { us: (T0 + 2_000) * 1000, text: 'second' },
  ];
  const src = { pod: { metadata: { name: 'web-1' } }, container: 'app' };
  assert.equal(streamOutput(lines, {}, src), 'first line\nsecond\n');
  assert.equal(streamOutput(lines, { prefix: true }, src), '[pod/web-1/app] first line\n[pod/web-1/app] second\n');
  assert.equal(streamOutput(lines, { limitBytes: 14 }, src), 'first line\nsec');
  assert.equal(streamOutput(lines, { limitBytes: 14, prefix: true }, src), '[pod/web-1/app] first line\n[pod/web-1/app] sec');
  assert.equal(streamOutput(lines, { timestamps: true, prefix: true }, src).split('\n')[0], '[pod/web-1/app] 2026-10-26T19:00:01.000000000Z first line');
  assert.equal(streamOutput([], { prefix: true }, src), '');
});
