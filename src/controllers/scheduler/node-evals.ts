import type { KubeObject } from '../../api/meta/v1.js';
import { asPod } from '../../api/core/v1/pod.js';
import { type FilterFailure, filterNode } from './filters.js';
import type { NodePods } from './node-pods.js';
import { type Candidate, type RawScores, rawScores } from './scoring.js';

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
  private readonly shapes = new Map<string, Map<string, NodeEval>>();

  /** The evaluations of pods shaped like this one, per node name; undefined when not to be remembered. */
  forPod(pod: KubeObject): Map<string, NodeEval> | undefined {
    const key = shapeKey(pod);
    if (key === undefined) return undefined;
    let m = this.shapes.get(key);
    if (!m) {
      if (this.shapes.size >= MAX_SHAPES) this.shapes.delete(this.shapes.keys().next().value ?? '');
      this.shapes.set(key, (m = new Map()));
    }
    return m;
  }
}

/**
 * What the filters and scores read of the pod being placed, as text: its tolerations, node
 * selector, node affinity, and what its requests add up from (each container's requests and
 * restart policy, init containers apart, the overhead). Pods with equal texts get the same
 * verdict and raw scores on the same node with the same totals. Undefined for a pod with host ports.
 */
function shapeKey(pod: KubeObject): string | undefined {
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
  return JSON.stringify(parts);
}

/** filterNode and rawScores of the pod on the node, from memo when it still holds (then kept there). */
export function evaluateNode(pod: KubeObject, node: KubeObject, pods: NodePods, memo: Map<string, NodeEval> | undefined): NodeEval {
  const name = node.metadata.name ?? '';
  const hit = memo?.get(name);
  if (hit && hit.node === node && hit.pods === pods && hit.version === pods.version) return hit;
  const failure = filterNode(pod, node, pods);
  const candidate: Candidate = { node, pods };
  const e: NodeEval = { node, pods, version: pods.version, failure, candidate, raw: failure ? undefined : rawScores(pod, candidate) };
  memo?.set(name, e);
  return e;
}
