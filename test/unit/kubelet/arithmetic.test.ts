import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inBackoffSince, inBackoffSinceUpdate, nextBackoff, type BackoffEntry } from '../../../src/controllers/kubelet/backoff.js';
import { allocateIp, cidrRange, mapIpamStore } from '../../../src/controllers/kubelet/pod-ip.js';
import { reservePull } from '../../../src/controllers/kubelet/pull-queue.js';
import { pulledImage, crashLoopMessage } from '../../../src/controllers/kubelet/messages.js';
import { goDuration } from '../../../src/common/go-duration.js';

test('back-off: 10s doubling to 5m, then staying there', () => {
  let e: BackoffEntry | undefined;
  const delays: number[] = [];
  for (let i = 0; i < 8; i++) {
    e = nextBackoff(e, i * 1000, i * 1000);
    delays.push(e.delayMs / 1000);
  }
  assert.deepEqual(delays, [10, 20, 40, 80, 160, 300, 300, 300]);
});

test('back-off: an entry untouched for more than 10 minutes starts over at 10s', () => {
  const e: BackoffEntry = { delayMs: 300_000, updatedMs: 0 };
  assert.equal(nextBackoff(e, 600_000, 600_000).delayMs, 300_000); // exactly 10 min: still remembered
  assert.equal(nextBackoff(e, 600_001, 600_001).delayMs, 10_000);
  // A container that ran 10 min since the last update is not in back-off when it exits.
  assert.equal(inBackoffSince(e, 600_001, 600_002), false);
});

test('back-off: inside vs over, with the strict comparison upstream uses', () => {
  const e: BackoffEntry = { delayMs: 10_000, updatedMs: 1_000 };
  // restart back-off counts from the exit
  assert.equal(inBackoffSince(e, 2_000, 11_999), true);
  assert.equal(inBackoffSince(e, 2_000, 12_000), false);
  assert.equal(inBackoffSince(undefined, 2_000, 2_000), false);
  // pull back-off counts from the last update
  assert.equal(inBackoffSinceUpdate(e, 10_999), true);
  assert.equal(inBackoffSinceUpdate(e, 11_000), false);
});

test('pod IPs: host-local order from .2, skipping used ones, wrapping, released ones reused later', () => {
  assert.deepEqual(cidrRange('10.244.1.0/24'), { first: 0x0af40102, last: 0x0af401fe });
  const s = mapIpamStore();
  const got = ['a', 'b', 'c'].map((uid) => allocateIp('10.244.1.0/24', s, uid));
  assert.deepEqual(got, ['10.244.1.2', '10.244.1.3', '10.244.1.4']);
  assert.equal(s.owner('10.244.1.3'), 'b');
  // Round robin: a released address is not handed out again right away.
  s.release('10.244.1.2');
  assert.equal(allocateIp('10.244.1.0/24', s, 'd'), '10.244.1.5');
  // Wrap around after .254.
  const full = mapIpamStore(new Map([['10.244.1.3', 'b']]), '10.244.1.254');
  assert.equal(allocateIp('10.244.1.0/24', full, 'e'), '10.244.1.2');
  const tiny = mapIpamStore(new Map([['10.0.0.2', 'x']]));
  assert.equal(allocateIp('10.0.0.0/30', tiny, 'y'), undefined, '/30 has one usable address');
});

test('Go durations in kubelet messages', () => {
  const cases: [number, string][] = [
    [0, '0s'],
    [250, '250ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [1234, '1.234s'],
    [10_000, '10s'],
    [80_000, '1m20s'],
    [160_000, '2m40s'],
    [300_000, '5m0s'],
    [3_600_000, '1h0m0s'],
  ];
  for (const [ms, s] of cases) assert.equal(goDuration(ms), s, String(ms));
  assert.equal(
    pulledImage('ghcr.io/example/hello:1.0', 1000, 1000, 4321),
    'Successfully pulled image "ghcr.io/example/hello:1.0" in 1s (1s including waiting). Image size: 4321 bytes.',
  );
  assert.equal(
    pulledImage('ghcr.io/example/hello:1.0', 243, 1243, 4321),
    'Successfully pulled image "ghcr.io/example/hello:1.0" in 243ms (1.243s including waiting). Image size: 4321 bytes.',
  );
  assert.equal(crashLoopMessage(20_000, 'hello', 'p_default(u)'), 'back-off 20s restarting failed container=hello pod=p_default(u)');
});

test('image pulls on one node take turns; a pull of the image being pulled joins it', () => {
  const fixed = () => 0.5; // jitter factor 1.0
  const first = reservePull(undefined, 'hello:1.0', 10_000, 1000, 15, fixed);
  assert.deepEqual([first.waitMs, first.pullMs], [0, 1000]);
  const second = reservePull(first.state, 'hello:1.0', 10_000, 1000, 15, fixed);
  assert.deepEqual([second.waitMs, second.pullMs], [1000, 0]);
  const other = reservePull(second.state, 'web:2', 10_100, 1000, 15, fixed);
  assert.deepEqual([other.waitMs, other.pullMs], [900, 1000]);
  // Once the queue has drained, the next pull starts at once; jitter spans ±15%.
  assert.deepEqual(reservePull(other.state, 'web:2', 20_000, 1000, 15, () => 0).waitMs, 0);
  // ±15 % of 1 s on the 100 ms grid: never past the reach, so 900 to 1100 ms.
  assert.equal(reservePull(undefined, 'x', 0, 1000, 15, () => 0).pullMs, 900);
  assert.equal(reservePull(undefined, 'x', 0, 1000, 15, () => 0.999999).pullMs, 1100);
  assert.equal(reservePull(undefined, 'x', 0, 1000, 0, () => 0).pullMs, 1000, 'no jitter: exactly pullSeconds');
});
