import { createHash } from 'node:crypto';
import type { ApiServer } from '../../../apiserver/server.js';
import type { KubeObject } from '../../../api/meta/v1.js';
import { findByKind, resolveResource, type ResourceInfo } from '../../../apiserver/resources.js';
import { isJsonObject } from '../../../common/json.js';
import { resolveImage } from '../../../images/registry.js';
import { CliError } from '../../util/errors.js';
import { unknownResourceType } from '../../resource/resource-args.js';
import { appAnswer } from './app-response.js';
import { type ForwardAnswer, PortForwarder } from './forwarder.js';
import { parseAddresses, parsePorts } from './parse-ports.js';
import { mostActivePod, podSelectorOf, podsMatching } from './pick-pod.js';
import { convertPodNamedPortToNumber, translateServicePortToTargetPort } from './target-ports.js';

/**
 * `kubectl port-forward TYPE/NAME [LOCAL:]REMOTE...` (kubectl pkg/cmd/portforward): Complete
 * resolves the target to one pod and the ports to container port numbers; Run checks the pod is
 * Running, binds the local listeners and serves until stopped or until the pod goes away.
 */

export interface PortForwardOptions {
  args: string[];
  /** --address (default localhost) */
  addresses: string[];
  /** --pod-running-timeout in ms: how long to wait for the target to have a pod at all */
  podRunningTimeoutMs: number;
}

export interface PortForwardEnv {
  out: (t: string) => void;
  err: (t: string) => void;
  namespace: string;
  api: () => ApiServer;
  /** catches the cluster up to now (the pod may have changed since the last look) */
  settle: () => void;
  /** cluster time, ms */
  nowMs: () => number;
  /** runs the cluster until done() or ms of cluster time passed; whether done() held */
  waitUntil: (done: () => boolean, ms: number) => Promise<boolean>;
  /** calls stop on SIGINT/SIGTERM; returns the unsubscribe */
  onStopSignal: (stop: () => void) => () => void;
  /** how often (real ms) to check the pod is still there */
  pollMs?: number;
  /** called once listening, with the forwarder (tests read the bound ports) */
  onReady?: (pf: PortForwarder) => void;
}

const PODS = findByKind('v1', 'Pod')!;
const IMAGE_REPOSITORIES = findByKind('kubemu.io/v1alpha1', 'ImageRepository')!;

/** args[0]: `NAME` is a pod, `TYPE/NAME` anything kubectl can attach to. */
export function parseTarget(arg: string): { info: ResourceInfo; name: string } {
  const i = arg.indexOf('/');
  if (i < 0) return { info: PODS, name: arg };
  const type = arg.slice(0, i);
  const name = arg.slice(i + 1);
  if (!name) throw new CliError('arguments in resource/name form must have a single resource and name');
  const info = resolveResource(type);
  if (!info) throw unknownResourceType(type);
  return { info, name };
}

/** attachablePodForObject: the pod itself, or the most active pod the selector matches (waiting for one). */
export async function pickPod(obj: KubeObject, env: PortForwardEnv, timeoutMs: number): Promise<KubeObject> {
  if (obj.kind === 'Pod') return obj;
  const sel = podSelectorOf(obj);
  const ns = obj.metadata.namespace ?? env.namespace;
  const find = () => mostActivePod(podsMatching(sel, env.api().list(PODS, ns)));
  let pod = find();
  if (!pod && (await env.waitUntil(() => find() !== undefined, timeoutMs))) pod = find();
  if (!pod) throw new CliError('timed out waiting for the condition');
  return pod;
}

/** Complete: the pod and the ports as `LOCAL:REMOTE` with numeric remote ports. */
export async function completePortForward(opts: PortForwardOptions, env: PortForwardEnv): Promise<{ pod: KubeObject; ports: string[] }> {
  const { info, name } = parseTarget(opts.args[0]!);
  const obj = env.api().get(info, info.namespaced ? env.namespace : undefined, name);
  const pod = await pickPod(obj, env, opts.podRunningTimeoutMs);
  const rest = opts.args.slice(1);
  const ports = obj.kind === 'Service' ? translateServicePortToTargetPort(rest, obj, pod) : convertPodNamedPortToNumber(rest, pod);
  return { pod, ports };
}

/** The klog line kubectl prints when the kubelet cannot connect to the port inside the pod. */
export function refusedLine(pod: KubeObject, local: number, remote: number, now: Date, pid: number): string {
  const uid = pod.metadata.uid ?? pod.metadata.name;
  const sandbox = createHash('sha256').update(`sandbox:${uid}`).digest('hex');
  const p2 = (n: number) => String(n).padStart(2, '0');
  const stamp = `${p2(now.getUTCMonth() + 1)}${p2(now.getUTCDate())} ${p2(now.getUTCHours())}:${p2(now.getUTCMinutes())}:${p2(now.getUTCSeconds())}.${String(now.getUTCMilliseconds() * 1000).padStart(6, '0')}`;
  const err =
    `an error occurred forwarding ${local} -> ${remote}: error forwarding port ${remote} to pod ${sandbox}, uid : ` +
    `failed to execute portforward in network namespace \\"/var/run/netns/cni-${uid}\\": ` +
    `failed to connect to localhost:${remote} inside namespace \\"${sandbox}\\", ` +
    `IPv4: dial tcp4 127.0.0.1:${remote}: connect: connection refused IPv6 dial tcp6 [::1]:${remote}: connect: connection refused `;
  return `E${stamp} ${String(pid).padStart(7)} portforward.go:424] "Unhandled Error" err="${err}"\n`;
}

/** The pod as it is now, undefined when it is gone (or replaced by a namesake). */
function currentPod(env: PortForwardEnv, pod: KubeObject): KubeObject | undefined {
  const now = env.api().tryGet(PODS, pod.metadata.namespace, pod.metadata.name ?? '');
  return now && now.metadata.uid === pod.metadata.uid ? now : undefined;
}

const phaseOf = (p: KubeObject): unknown => (isJsonObject(p['status']) ? p['status']['phase'] : undefined);

export async function runPortForward(opts: PortForwardOptions, env: PortForwardEnv): Promise<void> {
  if (opts.args.length < 2) throw new CliError('TYPE/NAME and list of ports are required for port-forward');
  const { pod, ports } = await completePortForward(opts, env);
  const phase = phaseOf(pod);
  if (phase !== 'Running') throw new CliError(`unable to forward port because pod is not running. Current status=${String(phase ?? '')}`);
  let addresses;
  let parsed;
  try {
    addresses = parseAddresses(opts.addresses);
    parsed = parsePorts(ports);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  const alive = (): KubeObject | undefined => {
    env.settle();
    const p = currentPod(env, pod);
    return p && phaseOf(p) === 'Running' ? p : undefined;
  };
  const answer = (remote: number, path: string): ForwardAnswer => {
    const p = alive();
    if (!p) return { kind: 'lost' };
    const repos = env.api().list(IMAGE_REPOSITORIES, undefined);
    return appAnswer(p, remote, path, env.nowMs(), (image) => resolveImage(image, repos).behavior);
  };
  let pf: PortForwarder;
  try {
    pf = await PortForwarder.start({
      addresses,
      ports: parsed,
      out: env.out,
      err: env.err,
      answer,
      refusedMessage: (local, remote) => refusedLine(pod, local, remote, new Date(), process.pid),
    });
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  const unsubscribe = env.onStopSignal(() => pf.stop());
  const timer = setInterval(() => {
    if (!alive()) pf.lose();
  }, env.pollMs ?? 1000);
  env.onReady?.(pf);
  try {
    await pf.done;
  } catch (e) {
    throw new CliError((e as Error).message);
  } finally {
    clearInterval(timer);
    unsubscribe();
  }
}
