import type { ClockMode, ClockSettings } from '../sim/clock.js';
import { VIRTUAL_EPOCH_MS } from '../sim/clock.js';

/**
 * Clock settings of a new cluster: from `cluster create` flags, else from KUBEMU_CLOCK,
 * KUBEMU_SPEED and KUBEMU_SEED, else a wall clock at real speed without a seed.
 */
export interface ClockRequest {
  clock?: string;
  speed?: string;
  seed?: string;
}

export class SettingsError extends Error {}

export function clockSettingsFrom(req: ClockRequest, env: NodeJS.ProcessEnv, realNow: number): ClockSettings {
  const modeText = req.clock ?? env['KUBEMU_CLOCK'] ?? 'wall';
  if (modeText !== 'wall' && modeText !== 'virtual') {
    throw new SettingsError(`invalid clock mode "${modeText}": must be "wall" or "virtual"`);
  }
  const mode: ClockMode = modeText;
  const speedText = req.speed ?? env['KUBEMU_SPEED'] ?? '1';
  const speed = Number(speedText);
  if (!Number.isFinite(speed) || speed <= 0) throw new SettingsError(`invalid speed "${speedText}": must be a positive number`);
  const seedText = req.seed ?? env['KUBEMU_SEED'];
  let seed: number | undefined;
  if (seedText !== undefined && seedText !== '') {
    seed = Number(seedText);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new SettingsError(`invalid seed "${seedText}": must be an integer from 0 to 4294967295`);
    }
  }
  // A virtual cluster starts at a fixed instant so that seeded runs give identical timestamps;
  // a virtual cluster without a seed still needs one, so it gets seed 0's sequence only if asked.
  const epochMs = mode === 'virtual' ? VIRTUAL_EPOCH_MS : Math.floor(realNow / 1000) * 1000;
  const s: ClockSettings = { mode, speed, epochMs, createdAtRealMs: realNow };
  if (seed !== undefined) s.seed = seed;
  return s;
}
