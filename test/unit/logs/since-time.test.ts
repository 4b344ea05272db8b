import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRfc3339 } from '../../../src/kubectl/cmd/logs/since-time.js';

test('--since-time takes RFC 3339 with or without a fraction and an offset', () => {
  assert.equal(parseRfc3339('2026-10-26T19:00:10Z'), Date.UTC(2026, 9, 26, 19, 0, 10));
  assert.equal(parseRfc3339('2026-10-26T19:00:10.250000000Z'), Date.UTC(2026, 9, 26, 19, 0, 10, 250));
  assert.equal(parseRfc3339('2026-10-26T21:00:10+02:00'), Date.UTC(2026, 9, 26, 19, 0, 10));
});

test("--since-time's errors are Go's time.Parse errors for the RFC3339 layout (checked against kubectl 1.33)", () => {
  const msg = (v: string) => {
    try {
      parseRfc3339(v);
      return 'parsed';
    } catch (e) {
      return (e as Error).message;
    }
  };
  assert.equal(msg('abc'), 'parsing time "abc" as "2006-01-02T15:04:05Z07:00": cannot parse "abc" as "2006"');
  assert.equal(msg('2026-10-26'), 'parsing time "2026-10-26" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"');
  assert.equal(msg('2026-10-26T19:00:10'), 'parsing time "2026-10-26T19:00:10" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"');
  assert.equal(msg('2026-13-01T00:00:00Z'), 'parsing time "2026-13-01T00:00:00Z": month out of range');
  assert.equal(msg('2026-02-30T00:00:00Z'), 'parsing time "2026-02-30T00:00:00Z": day out of range');
  assert.equal(msg('2026-1-01T00:00:00Z'), 'parsing time "2026-1-01T00:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse "1-01T00:00:00Z" as "01"');
  assert.equal(msg('2026-10-26T19:00:00Zx'), 'parsing time "2026-10-26T19:00:00Zx": extra text: "x"');
});
