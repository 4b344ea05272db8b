/**
 * The kubelet's event reasons and messages (pkg/kubelet/events and the image manager, the
 * runtime manager and the prober), verbatim, so `kubectl describe pod` and `kubectl events`
 * read like upstream's.
 */
import { goDuration } from '../../common/go-duration.js';

/** Event reasons the kubelet uses. */
export const REASON = {
  /** Normal: an image pull started */
  Pulling: 'Pulling',
  /** Normal: an image was pulled, or is already present */
  Pulled: 'Pulled',
  /** Warning: a pull failed, or a container could not start */
  Failed: 'Failed',
  /** Normal (pulls) / Warning (restarts): a back-off is in effect */
  BackOff: 'BackOff',
  /** Warning: imagePullPolicy Never and the image is missing */
  ErrImageNeverPull: 'ErrImageNeverPull',
  /** Normal: a container was created */
  Created: 'Created',
  /** Normal: a container was started */
  Started: 'Started',
  /** Normal: a container is being stopped */
  Killing: 'Killing',
  /** Warning: a probe failed */
  Unhealthy: 'Unhealthy',
  /** Warning: a container's preStop hook failed */
  FailedPreStopHook: 'FailedPreStopHook',
  /** Warning: the pod's sandbox (its network) could not be set up */
  FailedCreatePodSandBox: 'FailedCreatePodSandBox',
} as const;

export const pullingImage = (image: string): string => `Pulling image "${image}"`;

/** The 1.30+ message: duration, time including the wait in the pull queue, size. */
export const pulledImage = (image: string, pullMs: number, totalMs: number, sizeBytes: number): string =>
  `Successfully pulled image "${image}" in ${goDuration(pullMs)} (${goDuration(totalMs)} including waiting). Image size: ${sizeBytes} bytes.`;

export const imagePresent = (image: string): string => `Container image "${image}" already present on machine`;

export const imageNeverPull = (image: string): string => `Container image "${image}" is not present with pull policy of Never`;

/** The runtime's error for a tag the registry does not have (containerd 2's wording). */
export const notFoundError = (image: string): string => `failed to resolve image: ${image}: not found`;

export const failedToPull = (image: string, err: string): string => `Failed to pull image "${image}": ${err}`;

export const backOffPulling = (image: string): string => `Back-off pulling image "${image}"`;

/** `Error: ErrImagePull`, `Error: ImagePullBackOff`: the Failed event for a container that did not start. */
export const startError = (reason: string): string => `Error: ${reason}`;

export const createdContainer = (name: string): string => `Created container: ${name}`;
export const startedContainer = (name: string): string => `Started container ${name}`;
export const stoppingContainer = (name: string): string => `Stopping container ${name}`;

/** format.Pod: `hello-6c9f8d7b5-abcde_default(uid)`. */
export const formatPod = (name: string, namespace: string, uid: string): string => `${name}_${namespace}(${uid})`;

export const backOffRestarting = (container: string, pod: string): string =>
  `Back-off restarting failed container ${container} in pod ${pod}`;

/** The waiting message of a container in CrashLoopBackOff. */
export const crashLoopMessage = (delayMs: number, container: string, pod: string): string =>
  `back-off ${goDuration(delayMs)} restarting failed container=${container} pod=${pod}`;

/**
 * The FailedPreStopHook message: the same for every hook, since upstream leaves the command's
 * output out of the event so that no secret leaks through it.
 */
export const PRESTOP_HOOK_FAILED = 'PreStopHook failed';

export const failedProbeRestart = (container: string, probe: 'liveness' | 'startup'): string =>
  `Container ${container} failed ${probe} probe, will be restarted`;

/**
 * The Warning of a sandbox whose network could not be set up: the CNI bridge plugin delegates
 * addresses to host-local, which has none to give (range set full, or no podCIDR on the node).
 */
export const failedCreateSandbox = (sandboxId: string, cniError: string): string =>
  `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "${sandboxId}": plugin type="bridge" failed (add): ${cniError}`;

/** host-local's error for a full range: `no IP addresses available in range set: 10.244.1.2-10.244.1.254`. */
export const noAddressesInRange = (first: string, last: string): string =>
  `failed to allocate for range 0: no IP addresses available in range set: ${first}-${last}`;

/** What the bridge plugin gets from a node with no (valid) spec.podCIDR: no range to allocate from. */
export const noPodCidr = (node: string, cidr: string): string =>
  cidr ? `failed to allocate for range 0: invalid podCIDR ${JSON.stringify(cidr)} on node ${JSON.stringify(node)}` : `failed to allocate for range 0: node ${JSON.stringify(node)} has no podCIDR assigned`;
