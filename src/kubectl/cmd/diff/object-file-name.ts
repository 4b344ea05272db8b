/**
 * The file kubectl diff writes an object to (diff.go InfoObject.Name):
 * `<group>.<version>.<Kind>.<namespace>.<name>`, the group and its dot left out for the core
 * group, and an empty namespace for cluster-scoped kinds:
 *
 *   apps/v1 Deployment default/hello → apps.v1.Deployment.default.hello
 *   v1 Service default/hello         → v1.Service.default.hello
 *   v1 Namespace prod                → v1.Namespace..prod
 */
import type { ResourceInfo } from '../../../apiserver/resources.js';

export function diffFileName(info: ResourceInfo, namespace: string | undefined, name: string): string {
  const group = info.group === '' ? '' : `${info.group}.`;
  return `${group}${info.version}.${info.kind}.${namespace ?? ''}.${name}`;
}
