import type { JsonObject } from '../../common/json.js';
import { arrField, ensureObj, strField } from '../validation/json-fields.js';

/**
 * Namespace: the kubernetes.io/metadata.name label (SetDefaults_Namespace), spec.finalizers
 * [kubernetes] (the namespace registry's PrepareForCreate) and status.phase Active.
 */
export function defaultNamespace(obj: JsonObject): void {
  const meta = ensureObj(obj, 'metadata');
  const name = strField(meta, 'name');
  if (name) ensureObj(meta, 'labels')['kubernetes.io/metadata.name'] = name;
  const spec = ensureObj(obj, 'spec');
  if (arrField(spec, 'finalizers').length === 0 && spec['finalizers'] === undefined) spec['finalizers'] = ['kubernetes'];
  const status = ensureObj(obj, 'status');
  if (!strField(status, 'phase')) status['phase'] = 'Active';
}

