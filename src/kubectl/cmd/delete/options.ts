import type { PropagationPolicy } from '../../../apiserver/server.js';
import { CliError } from '../../util/errors.js';

/** What --cascade asks for, and the warning an old boolean value prints. */
export interface Cascade {
  propagation: PropagationPolicy;
  warning?: string;
}

/** --cascade: background (default), foreground, orphan; the old booleans still work, with a warning. */
export function parseCascade(value: string | boolean | undefined): Cascade {
  const v = value === undefined || value === true ? 'background' : String(value);
  switch (v) {
    case 'background':
      return { propagation: 'Background' };
    case 'foreground':
      return { propagation: 'Foreground' };
    case 'orphan':
      return { propagation: 'Orphan' };
    case 'true':
      return {
        propagation: 'Background',
        warning: 'warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.',
      };
    case 'false':
      return {
        propagation: 'Orphan',
        warning: 'warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.',
      };
    default:
      throw new CliError(`invalid cascade value (${v}). Must be "background", "foreground", or "orphan".`);
  }
}

/**
 * --grace-period, --now and --force as kubectl combines them (delete.go Complete/Validate):
 * --now is a grace period of 1; --grace-period=0 without --force also becomes 1 (to prevent
 * accidental data loss); --force alone means 0; -1 keeps the object's default.
 */
export function resolveGracePeriod(o: { gracePeriod: number; now: boolean; force: boolean }): number {
  let g = o.gracePeriod;
  if (o.now) {
    if (g !== -1) throw new CliError('--now and --grace-period cannot be specified together');
    g = 1;
  }
  if (g === 0 && !o.force) g = 1;
  if (o.force && g < 0) g = 0;
  if (g > 0 && o.force) throw new CliError('--force and --grace-period greater than 0 cannot be specified together');
  return g;
}

export const IMMEDIATE_DELETION_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';
