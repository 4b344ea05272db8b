import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  humanDuration,
  shortHumanDuration,
  timestampMs,
  translateTimestampSince,
} from '../../../src/kubectl/printers/duration.js';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;
const y = 365 * d;

test('humanDuration at every breakpoint of apimachinery HumanDuration', () => {
  const cases: [number, string][] = [
    [-2 * s, '<invalid>'],
    [-1999, '0s'], // int(-1.999) = -1: "almost now"
    [-1 * s, '0s'],
    [-1, '0s'],
    [0, '0s'],
    [999, '0s'],
    [1 * s, '1s'],
    [59 * s, '59s'],
    [60 * s, '60s'],
    [119 * s + 999, '119s'],
    [120 * s, '2m'],
    [2 * m + 5 * s, '2m5s'],
    [9 * m + 59 * s, '9m59s'],
    [10 * m, '10m'],
    [10 * m + 59 * s, '10m'],
    [179 * m + 59 * s, '179m'],
    [3 * h, '3h'],
    [3 * h + 5 * m, '3h5m'],
    [3 * h + 5 * m + 59 * s, '3h5m'],
    [7 * h + 59 * m, '7h59m'],
    [8 * h, '8h'],
    [47 * h + 59 * m, '47h'],
    [48 * h, '2d'],
    [2 * d + 5 * h, '2d5h'],
    [7 * d + 23 * h + 59 * m, '7d23h'],
    [8 * d, '8d'],
    [729 * d + 23 * h, '729d'],
    [2 * y, '2y'],
    [2 * y + 10 * d, '2y10d'],
    [7 * y + 364 * d, '7y364d'],
    [8 * y, '8y'],
    [8 * y + 100 * d, '8y'],
    [123 * y, '123y'],
  ];
  for (const [ms, want] of cases) assert.equal(humanDuration(ms), want, `${ms} ms`);
});

test('shortHumanDuration: one unit, 365-day years', () => {
  const cases: [number, string][] = [
    [-2 * s, '<invalid>'],
    [-1 * s, '0s'],
    [0, '0s'],
    [59 * s, '59s'],
    [60 * s, '1m'],
    [59 * m + 59 * s, '59m'],
    [60 * m, '1h'],
    [23 * h + 59 * m, '23h'],
    [24 * h, '1d'],
    [364 * d + 23 * h, '364d'],
    [365 * d, '1y'],
    [3 * y + 200 * d, '3y'],
  ];
  for (const [ms, want] of cases) assert.equal(shortHumanDuration(ms), want, `${ms} ms`);
});

test('translateTimestampSince: `<unknown>` for a zero or missing timestamp', () => {
  const now = Date.parse('2025-01-15T10:00:00Z');
  assert.equal(translateTimestampSince('2025-01-15T09:35:00Z', now), '25m');
  assert.equal(translateTimestampSince('2025-01-15T09:59:41.500000Z', now), '18s');
  assert.equal(translateTimestampSince(undefined, now), '<unknown>');
  assert.equal(translateTimestampSince(null, now), '<unknown>');
  assert.equal(translateTimestampSince('', now), '<unknown>');
  assert.equal(translateTimestampSince('0001-01-01T00:00:00Z', now), '<unknown>');
  // a clock a few seconds ahead of the server's: still "0s" within 1.999 s, then <invalid>
  assert.equal(translateTimestampSince('2025-01-15T10:00:01Z', now), '0s');
  assert.equal(translateTimestampSince('2025-01-15T10:00:02Z', now), '<invalid>');
});

test('timestampMs parses RFC 3339 and treats Go zero time as absent', () => {
  assert.equal(timestampMs('1970-01-01T00:00:01Z'), 1000);
  assert.equal(timestampMs('0001-01-01T00:00:00Z'), undefined);
  assert.equal(timestampMs('not a time'), undefined);
});
