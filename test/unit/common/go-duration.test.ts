/** Go's time.ParseDuration errors and Duration.String(), as kubectl 1.33 prints them (`drain a --timeout=X`). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goDuration, goDurationError, parseGoDuration } from '../../../src/common/go-duration.js';

test('the error of each kind of bad duration reads as Go words it', () => {
  // Recorded from `kubectl.1.33 drain a --timeout=X` (the flag's parse error, before any request).
  const cases: [string, string][] = [
    ['5', 'time: missing unit in duration "5"'],
    ['1h2', 'time: missing unit in duration "1h2"'],
    ['3m5', 'time: missing unit in duration "3m5"'],
    ['1..5s', 'time: missing unit in duration "1..5s"'],
    ['1.5.s', 'time: missing unit in duration "1.5.s"'],
    ['5sec', 'time: unknown unit "sec" in duration "5sec"'],
    ['5µx', 'time: unknown unit "\\xc2\\xb5x" in duration "5\\xc2\\xb5x"'],
    ['1"s', 'time: unknown unit "\\"s" in duration "1\\"s"'],
    ['abc', 'time: invalid duration "abc"'],
    ['x5s', 'time: invalid duration "x5s"'],
    ['.s', 'time: invalid duration ".s"'],
    ['-', 'time: invalid duration "-"'],
    ['+', 'time: invalid duration "+"'],
    ['', 'time: invalid duration ""'],
    ['99999999999999h', 'time: invalid duration "99999999999999h"'],
  ];
  for (const [text, want] of cases) {
    assert.equal(parseGoDuration(text), undefined, text);
    assert.equal(goDurationError(text), want, text);
  }
});

test('Duration.String() of whole milliseconds', () => {
  assert.deepEqual([0, 250, 1000, 1500, 90_000, 300_000, 3_600_000, 5_430_000].map(goDuration), ['0s', '250ms', '1s', '1.5s', '1m30s', '5m0s', '1h0m0s', '1h30m30s']);
});
