/**
 * The common tail of every `create <generator>` and of `run`: optionally record the
 * last-applied annotation (`--save-config`), then either keep the object (`--dry-run=client`)
 * or POST it (`--dry-run=server` asks the server not to store it). Each generator wraps a
 * server error its own way, which changes how kubectl prints it:
 *   create deployment: error: failed to create deployment: deployments.apps "x" already exists
 *   create secret:     error: failed to create secret secrets "s" already exists   (no colon, 1.33)
 *   create namespace:  Error from server (AlreadyExists): namespaces "x" already exists
 * (a wrapped error is no longer an API status, so it loses the `Error from server` form).
 */
import type { ApiServer } from '../../apiserver/server.js';
import { objectJson, unverifiedKubeObject } from '../../api/meta/v1.js';
import type { ResourceInfo } from '../../apiserver/resources.js';
import { StatusError } from '../../apiserver/errors.js';
import type { JsonObject } from '../../common/json.js';
import { CliError } from '../util/errors.js';
import type { DryRun } from '../util/dry-run.js';
import { withTypedLastApplied } from './typed-object.js';

export interface SubmitOptions {
  info: ResourceInfo;
  /** the request namespace (used for namespaced kinds) */
  namespace: string;
  dryRun: DryRun;
  saveConfig: boolean;
  /** how the generator wraps a server error: `failed to create deployment: `; undefined keeps it */
  errorPrefix?: string;
  /** the cluster, opened only when the object goes to the server */
  api: () => ApiServer;
}

/** The object to print: the generated one (client dry run) or what the server returned. */
export function submitGenerated(generated: JsonObject, o: SubmitOptions): JsonObject {
  const obj = o.saveConfig ? withTypedLastApplied(generated) : generated;
  if (o.dryRun === 'client') return obj;
  try {
    const created = o.api().create(o.info, o.info.namespaced ? o.namespace : undefined, unverifiedKubeObject(obj), {
      dryRun: o.dryRun === 'server',
    });
    return objectJson(created);
  } catch (e) {
    if (e instanceof StatusError && o.errorPrefix !== undefined) throw new CliError(`${o.errorPrefix}${e.message}`);
    throw e;
  }
}
