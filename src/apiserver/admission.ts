import type { KubeObject } from '../api/meta/v1.js';
import type { ResourceInfo } from './resources.js';
import { invalid } from './errors.js';
import { defaultObject } from './defaults/index.js';
import { validateCreate, validateUpdate } from './validation/index.js';

/**
 * The admission chain of one write: defaulting (on create and update, as the decoder does),
 * then validation. A rejected object is never stored.
 */
export function admit(obj: KubeObject, old: KubeObject | undefined, info: ResourceInfo): void {
  defaultObject(obj);
  const causes = old ? validateUpdate(obj, old) : validateCreate(obj);
  if (causes.length) throw invalid(info.kind, info.group, obj.metadata.name ?? '', causes);
}
