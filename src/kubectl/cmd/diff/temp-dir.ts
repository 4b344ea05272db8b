/**
 * Go's os.MkdirTemp("", "LIVE-"): a new directory in $TMPDIR (else /tmp) named after the
 * prefix and a random unsigned 32-bit number in decimal, e.g. `/tmp/LIVE-4064112325`,
 * created with mode 0700; on a name clash the next number is drawn.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RandomSource } from '../../../sim/random.js';

/** Where Go's os.TempDir points: $TMPDIR, or /tmp when it is unset or empty. */
export function tempRoot(env: NodeJS.ProcessEnv): string {
  return env['TMPDIR'] || '/tmp';
}

/** Makes `<root>/<prefix><n>` with n the first of numbers' draws whose name is free. */
export function makeTempDir(root: string, prefix: string, numbers: RandomSource): string {
  for (let attempt = 0; ; attempt++) {
    const dir = join(root, `${prefix}${numbers.nextUint32()}`);
    try {
      mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 10000) throw e;
    }
  }
}
