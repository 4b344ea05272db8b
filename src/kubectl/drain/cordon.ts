/**
 * Cordoning one node (staging/src/k8s.io/kubectl/pkg/drain/cordon.go, CordonHelper): whether
 * spec.unschedulable must change, and the write that changes it — the two-way strategic merge
 * patch from the node as read to the node with the desired value. Go leaves `unschedulable:
 * false` out of the JSON (omitempty), so uncordoning sends `{"spec":{"unschedulable":null}}`
 * and cordoning `{"spec":{"unschedulable":true}}`. `kubectl cordon`, `uncordon` and (next)
 * `drain`, which cordons first, share it.
 */
import type { ApiServer } from '../../apiserver/server.js';
import type { ResourceInfo } from '../../apiserver/resources.js';
import type { KubeObject } from '../../api/meta/v1.js';
import { isJsonObject, type JsonObject } from '../../common/json.js';
import { diffMaps, TWO_WAY } from '../../apiserver/patch/strategic-diff.js';
import { PLAIN, strategicSchemaFor } from '../../apiserver/patch/patch-meta.js';

/** UpdateIfRequired: whether the node's spec.unschedulable differs from the desired value. */
export function cordonUpdateRequired(node: JsonObject, desired: boolean): boolean {
  const spec = node['spec'];
  return (isJsonObject(spec) && spec['unschedulable'] === true) !== desired;
}

/** The node as it is once (un)cordoned: spec.unschedulable true, or left out. */
export function withUnschedulable(node: JsonObject, desired: boolean): JsonObject {
  const spec: JsonObject = isJsonObject(node['spec']) ? { ...node['spec'] } : {};
  if (desired) spec['unschedulable'] = true;
  else delete spec['unschedulable'];
  return { ...node, spec };
}

/** The patch PatchOrReplace sends. */
export function cordonPatch(node: JsonObject, desired: boolean): JsonObject {
  const schema = strategicSchemaFor(String(node['apiVersion'] ?? 'v1'), String(node['kind'] ?? 'Node')) ?? PLAIN;
  return diffMaps(node, withUnschedulable(node, desired), schema, TWO_WAY);
}

/** PatchOrReplace: sends the patch (as a server-side dry run when asked); the server's errors propagate. */
export function patchCordon(api: ApiServer, nodes: ResourceInfo, node: JsonObject, desired: boolean, serverDryRun: boolean): KubeObject {
  const name = isJsonObject(node['metadata']) ? String(node['metadata']['name'] ?? '') : '';
  return api.patch(nodes, undefined, name, 'strategic', cordonPatch(node, desired), { dryRun: serverDryRun });
}
