import type { KubeObject } from '../../../api/meta/v1.js';
import { type ResourceInfo, kindGroup } from '../../../apiserver/resources.js';
import type { ApiServer } from '../../../apiserver/server.js';
import { fetchSelections } from '../../resource/fetch.js';
import type { ResourceSelection } from '../../resource/resource-args.js';

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

/** What the builder's visitor sees, in order: an object, or the error of reading one. */
export type Visit = RolloutTarget | Error;

/**
 * The builder of every rollout subcommand (ResourceTypeOrNameArgs, -l, -f; Latest): named
 * objects are read from the server (NotFound is an error), a bare type lists the namespace.
 * `visits` keeps the order (undo reports errors as it meets them); `targets` and `errors` split
 * it (pause/resume/restart report the builder's errors first).
 */
export function resolveTargets(api: ApiServer, req: TargetRequest): { visits: Visit[]; targets: RolloutTarget[]; errors: Error[] } {
  const visits: Visit[] = [];
  for (const selection of req.selections) {
    const { groups, errors } = fetchSelections(api, [selection], {
      namespace: req.namespace,
      allNamespaces: false,
      ...(req.labelSelector !== undefined ? { labelSelector: req.labelSelector } : {}),
      ignoreNotFound: false,
    });
    visits.push(...errors, ...groups.flatMap((g) => g.objects.map((object) => ({ info: g.info, object }))));
  }
  return {
    visits,
    targets: visits.filter((v): v is RolloutTarget => !(v instanceof Error)),
    errors: visits.filter((v): v is Error => v instanceof Error),
  };
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
