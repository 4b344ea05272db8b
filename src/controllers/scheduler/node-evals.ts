import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { type FilterFailure, filterNode } from './filters.js';
import type { NodePods, NodePodsByName } from './node-pods.js';
import { type Candidate, type RawScores, rawScores } from './scoring.js';
import { sameJsonText } from './same-json-text.js';

/** What filtering a pod on one node gave, with its raw scores when it fits. */
export interface NodeEval {
  readonly node: KubeObject;
  readonly pods: NodePods;
  /** pods.version when it was worked out */
  readonly version: number;
  readonly failure: FilterFailure | undefined;
  readonly candidate: Candidate;
  /** set when it fits */
  readonly raw: RawScores | undefined;
}

/** At most this many pod shapes are remembered (a cluster has about as many as pod templates). */
const MAX_SHAPES = 64;

/**
 * The filters' verdict and the raw scores of a pod on each node, remembered per pod shape (what
 * the filters and scores read of the pod: tolerations, node selector and affinity, requests) and
 * node: they depend on nothing else than the node object and its totals (NodePods, whose version
 * tells a change). Binding a pod changes one node's totals, so of the 100 nodes the next pod of
 * the same shape looks at, 99 answer from here. A pod with host ports is never remembered: its
 * filter reads the pods on the node, not only their totals.
 */
export class NodeEvaluations {
  private readonly shapes = new Map<string, ShapeEvals>();
  /** the last pod's shape, as parts and as found: the pods of a ReplicaSet come one after another */
  private last: { parts: unknown[]; shape: ShapeEvals } | undefined;

  /** The evaluations of pods shaped like this one; undefined when not to be remembered. */
  forPod(pod: KubeObject): ShapeEvals | undefined {
    const parts = shapeParts(pod);
    if (parts === undefined) return undefined;
    if (this.last && sameJsonText(this.last.parts, parts)) return this.last.shape;
    const key = JSON.stringify(parts);
    let m = this.shapes.get(key);
    if (!m) {
      if (this.shapes.size >= MAX_SHAPES) this.shapes.delete(this.shapes.keys().next().value ?? '');
      this.shapes.set(key, (m = new ShapeEvals()));
    }
    this.last = { parts, shape: m };
    return m;
  }
}

/** The evaluations of one pod shape, by the position of their node in a list of nodes. */
export class ShapeEvals {
  private nodes: readonly KubeObject[] = [];
  private evals: (NodeEval | undefined)[] = [];
  /**
   * the map of NodePods and its layout that every evaluation was last checked against: while
   * they stay, each evaluation's pods are still its node's (no lookup by name needed)
   */
  checked: { byNode: NodePodsByName; layout: number } | undefined;

  /** The evaluations for this list of nodes (in its order), those of the nodes it had kept. */
  at(nodes: readonly KubeObject[]): (NodeEval | undefined)[] {
    if (nodes === this.nodes) return this.evals;
    const byName = new Map<string, NodeEval>();
    for (const e of this.evals) if (e) byName.set(e.node.metadata.name ?? '', e);
    this.nodes = nodes;
    this.evals = nodes.map((n) => byName.get(n.metadata.name ?? ''));
    this.checked = undefined;
    return this.evals;
  }
}

/** The nodes a pod fits on (with their raw scores, in the nodes' order) and those it does not. */
export interface Evaluated {
  feasible: Candidate[];
  raw: RawScores[];
  failures: { node: KubeObject; failure: FilterFailure }[];
}

/**
 * filterNode and rawScores of the pod on each node (in the list's order), from shape when they
 * still hold (the same node object, the same totals) and kept there.
 */
export function evaluateNodes(
  pod: KubeObject,
  nodes: readonly KubeObject[],
  byNode: NodePodsByName,
  empty: NodePods,
  shape: ShapeEvals | undefined,
): Evaluated {
  const out: Evaluated = { feasible: [], raw: [], failures: [] };
  const evals = shape?.at(nodes);
  const layout = byNode.layout;
  const checked = shape?.checked;
  // Every evaluation has its node's pods as of the last pod of this shape, and no node got other pods since.
  const same = checked !== undefined && layout !== undefined && checked.byNode === byNode && checked.layout === layout;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    let e = evals?.[i];
    const pods = same && e ? e.pods : (byNode.get(node.metadata.name ?? '') ?? empty);
    if (!e || e.node !== node || e.pods !== pods || e.version !== pods.version) {
      e = evaluateNode(pod, node, pods);
      if (evals) evals[i] = e;
    }
    if (e.raw) {
      out.feasible.push(e.candidate);
      out.raw.push(e.raw);
    } else if (e.failure) out.failures.push({ node, failure: e.failure });
  }
  if (shape) shape.checked = layout === undefined ? undefined : { byNode, layout };
  return out;
}

/**
 * What the filters and scores read of the pod being placed: its tolerations, node selector, node
 * affinity, and what its requests add up from (each container's requests and restart policy,
 * init containers apart, the overhead). Pods whose parts have equal JSON texts get the same
 * verdict and raw scores on the same node with the same totals. Undefined for a pod with host ports.
 */
function shapeParts(pod: KubeObject): unknown[] | undefined {
  const spec = asPod(pod).spec ?? {};
  const inits = spec.initContainers ?? [];
  const parts: unknown[] = [spec.tolerations ?? null, spec.nodeSelector ?? null, spec.affinity?.nodeAffinity ?? null, spec.overhead ?? null, inits.length];
  for (const list of [inits, spec.containers ?? []]) {
    for (const c of list) {
      // hostPorts(pod) has one
      if (c.ports?.some((p) => p.hostPort && p.hostPort > 0)) return undefined;
      parts.push(c.resources?.requests ?? null, c.restartPolicy ?? null);
    }
  }
  return parts;
}

function evaluateNode(pod: KubeObject, node: KubeObject, pods: NodePods): NodeEval {
  const failure = filterNode(pod, node, pods);
  const candidate: Candidate = { node, pods };
  return { node, pods, version: pods.version, failure, candidate, raw: failure ? undefined : rawScores(pod, candidate) };
}
