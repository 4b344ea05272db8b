import type { KubeObject } from './object.js';
import type { ResourceInfo } from './resources.js';

/**
 * The admission chain of one write: defaulting (on create and update, as the decoder does),
 * then validation. A rejected object is never stored.
 * (Defaulting and validation are wired in once their modules land.)
 */
export function admit(_obj: KubeObject, _old: KubeObject | undefined, _info: ResourceInfo): void {}
