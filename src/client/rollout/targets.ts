import type { KubeObject } from '../../apiserver/object.js';
import { type ResourceInfo, kindGroup } from '../../apiserver/resources.js';
import type { ApiServer } from '../../apiserver/server.js';
import { fetchSelections } from '../get/fetch.js';
import type { ResourceSelection } from '../resource-args.js';

/** One object a rollout subcommand visits, as the resource builder found it. */
export interface RolloutTarget {
  info: ResourceInfo;
  object: KubeObject;
}

export interface TargetRequest {
  selections: ResourceSelection[];
  namespace: string;
  labelSelector?: string;
}

/**
 * The builder of every rollout subcommand (ResourceTypeOrNameArgs, -l, -f; Latest): named
 * objects are read from the server (NotFound is an error), a bare type lists the namespace.
 * Errors come back beside what was found, as ContinueOnError collects them.
 */
export function resolveTargets(api: ApiServer, req: TargetRequest): { targets: RolloutTarget[]; errors: Error[] } {
  const { groups, errors } = fetchSelections(api, req.selections, {
    namespace: req.namespace,
    allNamespaces: false,
    ...(req.labelSelector !== undefined ? { labelSelector: req.labelSelector } : {}),
    ignoreNotFound: false,
  });
  return { targets: groups.flatMap((g) => g.objects.map((object) => ({ info: g.info, object }))), errors };
}

/** `deployments.apps`, `pods`: how pause/resume/restart name a resource in their errors. */
export function resourceGroupName(info: ResourceInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

/** schema.GroupKind's String(): `Deployment.apps`, `Pod`. */
export function groupKindString(info: ResourceInfo): string {
  return info.group ? `${info.kind}.${info.group}` : info.kind;
}

/** Whether the target is an apps Deployment (the only kind kubemu's rollout commands handle). */
export function isDeployment(info: ResourceInfo): boolean {
  return info.kind === 'Deployment' && info.group === 'apps';
}

/** `deployment.apps/hello`: what the name printer puts before the operation. */
export function printedName(target: RolloutTarget): string {
  return `${kindGroup(target.info)}/${target.object.metadata.name ?? ''}`;
}

/** kubectl's stderr line when the builder found nothing (rollout status/pause/resume/restart). */
export function noResourcesFound(namespace: string): string {
  return `No resources found in ${namespace} namespace.\n`;
}
