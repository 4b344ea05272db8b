import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catchUpProgress, progressLine } from '../../../src/cluster/progress.js';
import { openCluster } from '../../../src/cluster/cluster.js';
import { advanceBy } from '../../../src/cluster/time.js';
import { findByKind } from '../../../src/apiserver/resources.js';
import { deployment } from './fixtures.js';

const T0 = Date.UTC(2026, 9, 26, 19, 0, 0);
const HOUR = 3600_000;

test('a catch-up shows its progress on a terminal only after a second of real time, and erases it at the end', () => {
  let real = 0;
  const written: string[] = [];
  const p = catchUpProgress({ isTTY: () => true, write: (t) => written.push(t) }, () => real, T0, T0 + 2 * HOUR);
  real = 999;
  p.reached(T0 + HOUR / 2);
  assert.deepEqual(written, [], 'under a second: nothing');
  real = 1000;
  p.reached(T0 + HOUR);
  real = 1050;
  p.reached(T0 + HOUR + 1000); // redrawn at most every 100 ms
  real = 1100;
  p.reached(T0 + 2 * HOUR);
  p.end();
  assert.deepEqual(written, [
    '\rcatching up: cluster time 2026-10-26T20:00:00Z of 2026-10-26T21:00:00Z (50%)\x1b[K',
    '\rcatching up: cluster time 2026-10-26T21:00:00Z of 2026-10-26T21:00:00Z (100%)\x1b[K',
    '\r\x1b[K',
  ]);
});

test('a catch-up under a second says nothing, nor one whose stderr is not a terminal', () => {
  let real = 0;
  const written: string[] = [];
  let asked = 0;
  const isTTY = (answer: boolean) => () => (asked++, answer);
  const quick = catchUpProgress({ isTTY: isTTY(true), write: (t) => written.push(t) }, () => real, T0, T0 + HOUR);
  real = 900;
  quick.reached(T0 + HOUR);
  quick.end();
  assert.equal(written.length, 0);
  // a catch-up that ends within the second never asks whether stderr is a terminal (node:tty)
  assert.equal(asked, 0);
  real = 0;
  const piped = catchUpProgress({ isTTY: isTTY(false), write: (t) => written.push(t) }, () => real, T0, T0 + HOUR);
  for (real = 1000; real <= 3000; real += 500) piped.reached(T0 + HOUR / 2);
  piped.end();
  assert.equal(written.length, 0);
  assert.equal(asked, 1, 'asked once, after the second');
  assert.equal(progressLine(T0 + 90 * 60_000, T0, T0 + 2 * HOUR), 'catching up: cluster time 2026-10-26T20:30:00Z of 2026-10-26T21:00:00Z (75%)');
});

test('cluster advance reports through the progress callback it was opened with, and only on a terminal', () => {
  for (const isTTY of [true, false]) {
    const dir = mkdtempSync(join(tmpdir(), 'kubemu-progress-'));
    let real = 0;
    const written: string[] = [];
    // every reading of the real clock is 200 ms later: a catch-up of many steps takes "seconds"
    const c = openCluster(join(dir, 'c.db'), {
      env: { KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' },
      realNow: () => (real += 200),
      progress: { isTTY: () => isTTY, write: (t) => written.push(t) },
    });
    try {
      c.api.create(findByKind('apps/v1', 'Deployment')!, 'default', deployment('web', 3));
      advanceBy(c, HOUR);
      if (!isTTY) {
        assert.deepEqual(written, []);
        continue;
      }
      assert.ok(written.length >= 2, JSON.stringify(written) + real);
      assert.match(written[0]!, /^\rcatching up: cluster time 2026-10-26T19:\d\d:\d\dZ of 2026-10-26T20:00:00Z \(\d+%\)\x1b\[K$/);
      assert.equal(written[written.length - 1], '\r\x1b[K');
    } finally {
      c.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
