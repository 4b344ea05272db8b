import type { JsonObject } from '../../common/json.js';
import { ensureObj, strField } from '../validation/json-fields.js';
import { LABEL_METADATA_NAME } from '../../api/core/v1/label-keys.js';

/**
 * Namespace: the kubernetes.io/metadata.name label (SetDefaults_Namespace) and status.phase
 * Active (SetDefaults_NamespaceStatus). spec.finalizers [kubernetes] is not a default: the
 * namespace registry's PrepareForCreate sets it (apiserver/strategy.ts).
 */
export function defaultNamespace(obj: JsonObject): void {
  const meta = ensureObj(obj, 'metadata');
  const name = strField(meta, 'name');
  if (name) ensureObj(meta, 'labels')[LABEL_METADATA_NAME] = name;
  const status = ensureObj(obj, 'status');
  if (!strField(status, 'phase')) status['phase'] = 'Active';
}

