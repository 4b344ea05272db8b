/**
 * `kubectl create namespace NAME` (create_namespace.go): only the name. Unlike the other
 * generators it never takes the request namespace, even with -n.
 */
import type { JsonObject } from '../../common/json.js';

export function generateNamespace(name: string): JsonObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}
