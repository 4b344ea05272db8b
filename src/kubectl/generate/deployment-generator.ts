/**
 * `kubectl create deployment NAME --image=I [--image=J] [--replicas=N] [--port=P] [-- CMD ...]`
 * (create_deployment.go createDeployment): labels, selector and template labels are all
 * `app: NAME`; one container per image, each running the command; the port goes to the first
 * container only. Zero values (creationTimestamp: null, resources: {}, strategy: {},
 * status: {}) are added by the typed printer, not here.
 */
import type { JsonObject } from '../../common/json.js';
import { containerNameForImage } from './container-name.js';

export interface DeploymentParams {
  name: string;
  images: string[];
  replicas: number;
  /** -1: no --port given (0 is a real value: `containerPort: 0`) */
  port: number;
  /** the arguments after `--` */
  command: string[];
  /** set only when -n was given (kubectl's EnforceNamespace) */
  namespace?: string;
  /** rand.String(5) for sanitized container names */
  randomSuffix: () => string;
}

/** Validate(): a command can only go with a single image. */
export function validateDeploymentParams(p: Pick<DeploymentParams, 'images' | 'command'>): void {
  if (p.images.length > 1 && p.command.length > 0) throw new Error('cannot specify multiple --image options and command');
}

export function generateDeployment(p: DeploymentParams): JsonObject {
  const labels = (): JsonObject => ({ app: p.name });
  const containers: JsonObject[] = p.images.map((image) => {
    const c: JsonObject = { name: containerNameForImage(image, p.randomSuffix), image };
    if (p.command.length) c['command'] = [...p.command];
    return c;
  });
  if (p.port >= 0 && containers[0]) containers[0]['ports'] = [{ containerPort: p.port }];
  const metadata: JsonObject = { name: p.name, labels: labels() };
  if (p.namespace) metadata['namespace'] = p.namespace;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata,
    spec: {
      replicas: p.replicas,
      selector: { matchLabels: labels() },
      template: { metadata: { labels: labels() }, spec: { containers } },
    },
  };
}
