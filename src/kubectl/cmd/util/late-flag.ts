import { lazy } from '../../../common/lazy.js';
import { type BoolFlagValue, parseBoolFlag } from './flags.js';

/**
 * A flag value parsed where the verb first reads it, not when its options are completed. pflag
 * would refuse a bad value before anything else; kubemu's verbs read some of theirs later (`get`
 * reads --show-labels only when it prints, after the cluster opened and the objects were
 * fetched), and which error wins is part of their behaviour, so their options keep that order.
 */
export type LateFlag<T> = () => T;

/**
 * A pflag boolean read late: absent gives `dflt`; a bad value is kubectl's plain
 * `error: invalid argument "x" for "--flag" flag: ...` (no usage hint), once first read.
 */
export function lateBool(value: BoolFlagValue, flag: string, dflt = false): LateFlag<boolean> {
  return lazy(() => (value === undefined ? dflt : parseBoolFlag(flag, value)));
}
