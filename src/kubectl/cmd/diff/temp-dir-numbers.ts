/**
 * Where the numbers in diff's temp directory names come from (temp-dir.ts).
 *
 * kubectl draws them at random (os.MkdirTemp), so they differ on every run. A virtual-clock
 * cluster promises the same output for the same commands, so there they are a function of the
 * simulated world only: hashes of the cluster's seed, its revision, its time and the prefix.
 * Every diff at the same point of the same history gets the same names, whatever it diffs; a
 * write or an advance of the clock gives new ones. On a clash (a directory left behind by a
 * killed run, a diff at the same instant in another process) the next hash is tried: the names
 * then depend on what else is in $TMPDIR, as they must.
 *
 *   a new cluster with seed 1 (revision 28, time 2026-10-26T19:00:00Z = 1793041200000 ms):
 *   hashRandom('kubectl diff LIVE- seed 1 revision 28 time 1793041200000') → LIVE-1218276535,
 *   and with `MERGED-` → MERGED-3035960106
 *
 * A wall-clock cluster reproduces nothing (its times are real), so it draws as kubectl does:
 * crypto randomness, which also keeps two diffs started in the same millisecond from clashing.
 */
import type { Cluster } from '../../../cluster/cluster.js';
import { CryptoRandom, hashRandom, type RandomSource } from '../../../sim/random.js';

export function tempDirNumbers(cluster: Pick<Cluster, 'clock' | 'store'>, prefix: string): RandomSource {
  const { mode, seed } = cluster.clock.settings;
  if (mode !== 'virtual') return new CryptoRandom();
  const key = `kubectl diff ${prefix} seed ${seed ?? 'none'} revision ${cluster.store.revision()} time ${cluster.clock.now()}`;
  return hashRandom(key);
}
