import { type ResourceInfo, findByKind } from '../../apiserver/resources.js';

function info(apiVersion: string, kind: string): ResourceInfo {
  const r = findByKind(apiVersion, kind);
  if (!r) throw new Error(`kubemu: ${kind} is not served`);
  return r;
}

/** The resources the Deployment controller reads and writes. */
export const DEPLOYMENTS = info('apps/v1', 'Deployment');
export const REPLICASETS = info('apps/v1', 'ReplicaSet');
export const PODS = info('v1', 'Pod');

/** The event source of everything this controller records. */
export const COMPONENT = 'deployment-controller';
