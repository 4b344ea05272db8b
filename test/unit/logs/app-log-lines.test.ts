import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appLogLines, type AppRun } from '../../../src/images/app-log-lines.js';
import { parseLogSpec, substituteLine } from '../../../src/images/log-spec.js';

const S = Date.UTC(2026, 9, 26, 19, 0, 2);
const spec = parseLogSpec({
  start: ['starting ${IMAGE_TAG}', 'greeting ${GREETING}'],
  listening: 'listening',
  every: { seconds: 10, line: 'tick' },
  crash: ['fatal: ${MISSING_ENV} is not set'],
  stop: ['SIGTERM'],
});
const vars: Record<string, string> = { IMAGE_TAG: '1.0', GREETING: 'hi', MISSING_ENV: 'PORT' };
const run = (over: Partial<AppRun> = {}): AppRun => ({ startedMs: S, spec, startSeconds: 3, vars: (n) => vars[n], ...over });
/** `+seconds text` for each line, seconds after S */
const show = (r: AppRun, w: { fromMs?: number; toMs: number; tail?: number }) =>
  appLogLines(r, w).map((l) => `+${(l.us / 1000 - S) / 1000} ${l.text}`);

test('a running app: start lines at its start, listening after startSeconds, a periodic line every period up to the clock', () => {
  assert.deepEqual(show(run(), { toMs: S }), ['+0 starting 1.0', '+0 greeting hi']);
  assert.deepEqual(show(run(), { toMs: S + 2_999 }), ['+0 starting 1.0', '+0 greeting hi']);
  assert.deepEqual(show(run(), { toMs: S + 35_000 }), ['+0 starting 1.0', '+0 greeting hi', '+3 listening', '+10 tick', '+20 tick', '+30 tick']);
  // a line due exactly at the clock is there
  assert.deepEqual(show(run(), { toMs: S + 20_000 }).slice(-1), ['+20 tick']);
});

test('--since and --tail windows: from an instant (inclusive), then the newest N, computed without generating the rest', () => {
  assert.deepEqual(show(run(), { fromMs: S + 10_000, toMs: S + 35_000 }), ['+10 tick', '+20 tick', '+30 tick']);
  assert.deepEqual(show(run(), { fromMs: S + 10_001, toMs: S + 35_000 }), ['+20 tick', '+30 tick']);
  assert.deepEqual(show(run(), { toMs: S + 35_000, tail: 2 }), ['+20 tick', '+30 tick']);
  assert.deepEqual(show(run(), { toMs: S + 35_000, tail: 5 }), ['+0 greeting hi', '+3 listening', '+10 tick', '+20 tick', '+30 tick']);
  assert.deepEqual(show(run(), { toMs: S + 35_000, tail: 0 }), []);
  assert.deepEqual(show(run(), { toMs: S + 35_000, tail: -1 }).length, 6);
  assert.deepEqual(show(run(), { fromMs: S + 25_000, toMs: S + 35_000, tail: 10 }), ['+30 tick']);
  // a week of one line a second: the last 3 lines cost 3 lines
  const week = 7 * 24 * 3600 * 1000;
  const chatty = run({ spec: parseLogSpec({ every: [{ seconds: 1, line: 'a' }, { seconds: 2, line: 'b' }] }) });
  assert.deepEqual(show(chatty, { toMs: S + week, tail: 3 }), [`+${week / 1000 - 1} a`, `+${week / 1000} a`, `+${week / 1000} b`]);
});

test('a crash: the periodic lines before it, then the crash lines; requiredEnv missing crashes at start, before listening', () => {
  const crashed = run({ appExitMs: S + 30_000 });
  assert.deepEqual(show(crashed, { toMs: S + 300_000 }), [
    '+0 starting 1.0',
    '+0 greeting hi',
    '+3 listening',
    '+10 tick',
    '+20 tick',
    '+30 fatal: PORT is not set',
  ]);
  assert.deepEqual(show(run({ appExitMs: S }), { toMs: S + 300_000 }), ['+0 starting 1.0', '+0 greeting hi', '+0 fatal: PORT is not set']);
});

test('SIGTERM: the stop lines at SIGTERM, no periodic line from then on (even while the app drains)', () => {
  const stopping = run({ sigtermMs: S + 25_000 });
  assert.deepEqual(show(stopping, { toMs: S + 24_999 }).slice(-1), ['+20 tick']);
  assert.deepEqual(show(stopping, { toMs: S + 60_000 }).slice(-3), ['+10 tick', '+20 tick', '+25 SIGTERM']);
  // SIGTERM exactly on a period: the stop line, not the tick
  assert.deepEqual(show(run({ sigtermMs: S + 20_000 }), { toMs: S + 60_000 }).slice(-2), ['+10 tick', '+20 SIGTERM']);
});

test('an image without logs: prints nothing; substitution: unknown names are empty, $${ is literal', () => {
  assert.deepEqual(show(run({ spec: parseLogSpec(undefined) }), { toMs: S + 60_000 }), []);
  assert.equal(substituteLine('a ${X} b ${NOPE} c $${X}', (n) => (n === 'X' ? 'x' : undefined)), 'a x b  c ${X}');
  // a lone string is a one-line list; bad entries are skipped by the reader (validation refuses them)
  assert.deepEqual(parseLogSpec({ start: 'one', every: [{ seconds: 0, line: 'x' }, { seconds: 5, line: 'y' }] }).every, [{ seconds: 5, line: 'y' }]);
});
