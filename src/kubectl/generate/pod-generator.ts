/**
 * The Pod `kubectl run` creates (kubectl/pkg/generate/versioned/run.go BasicPod):
 *
 *   metadata: name NAME, labels from --labels (default `run: NAME`), annotations
 *   spec: one container named NAME with the image, `resources: {}`, the trailing arguments as
 *         `args` (or `command` with --command), --env, --image-pull-policy, --port as
 *         containerPort, privileged securityContext; dnsPolicy ClusterFirst; restartPolicy
 *         from --restart (Always by default).
 *
 * For `kubectl run stray --image=nginx --dry-run=client -o yaml` this prints:
 *   apiVersion: v1 / kind: Pod / metadata: {creationTimestamp: null, labels: {run: stray},
 *   name: stray} / spec: {containers: [{image: nginx, name: stray, resources: {}}],
 *   dnsPolicy: ClusterFirst, restartPolicy: Always} / status: {}
 */
import type { JsonObject } from '../../common/json.js';
import { goAtoi } from './parse-port.js';
import { parseRunAnnotations, parseRunEnvs, parseRunLabels } from './run-flag-parsers.js';

export interface PodParams {
  name: string;
  image: string;
  /** --labels, '' for the default */
  labels: string;
  annotations: string[];
  env: string[];
  /** --port as typed ('' when not given) */
  port: string;
  restart: string;
  imagePullPolicy: string;
  /** --command: the trailing arguments are the command, not args */
  command: boolean;
  args: string[];
  privileged: boolean;
  /** set only when -n was given and the pod is not sent to the server (dry-run=client) */
  namespace?: string;
}

/**
 * --port as versioned/run.go reads it in 1.33: strconv.Atoi, then a cast to int32, so `-1`
 * passes (and 4294967377 would wrap to 81); the server's validation judges the value.
 *   "http" → strconv.Atoi: parsing "http": invalid syntax
 */
function runPort(text: string): number {
  const n = goAtoi(text);
  if (n === undefined) {
    const why = /^[+-]?[0-9]+$/.test(text) ? 'value out of range' : 'invalid syntax';
    throw new Error(`strconv.Atoi: parsing ${JSON.stringify(text)}: ${why}`);
  }
  return Number(BigInt.asIntN(32, BigInt(n)));
}

export function generatePod(p: PodParams): JsonObject {
  const envs = parseRunEnvs(p.env);
  const annotations = parseRunAnnotations(p.annotations);
  const labels = p.labels ? parseRunLabels(p.labels) : new Map([['run', p.name]]);
  const container: JsonObject = { name: p.name, image: p.image, resources: {} };
  if (p.privileged) container['securityContext'] = { privileged: true };
  if (p.args.length) container[p.command ? 'command' : 'args'] = [...p.args];
  if (envs.length) container['env'] = envs;
  if (p.imagePullPolicy) container['imagePullPolicy'] = p.imagePullPolicy;
  if (p.port !== '') container['ports'] = [{ containerPort: runPort(p.port) }];
  const metadata: JsonObject = { name: p.name, labels: Object.fromEntries(labels) };
  if (p.namespace) metadata['namespace'] = p.namespace;
  if (annotations.size) metadata['annotations'] = Object.fromEntries(annotations);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec: {
      containers: [container],
      dnsPolicy: 'ClusterFirst',
      restartPolicy: p.restart || 'Always',
    },
  };
}
