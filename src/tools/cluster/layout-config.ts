import { readFileSync } from 'node:fs';
import { decodeStream } from '../../kubectl/manifests/decode-stream.js';
import { CliError } from '../../kubectl/util/errors.js';
import type { JsonValue } from '../../common/json.js';
import type { LayoutNode } from '../../cluster/layout.js';
import { labelProblem, parseCpu, parseMemoryKi, parsePods, parseTaint } from '../../cluster/node-spec.js';

/**
 * `kubemu cluster create --config FILE`: a kind-like cluster config (kind.x-k8s.io/v1alpha4
 * Cluster), read strictly as kind reads it (an unknown field is refused):
 *
 * ```yaml
 * kind: Cluster
 * apiVersion: kind.x-k8s.io/v1alpha4
 * nodes:
 * - role: control-plane
 * - role: worker
 *   labels: {topology.kubernetes.io/zone: a}
 *   taints: ["dedicated=batch:NoSchedule"]        # kubemu's: kind sets taints with kubeadm patches
 *   capacity: {cpu: "4", memory: 8Gi, pods: 110}  # kubemu's: the machine's size
 *   name: big-1                                    # kubemu's: else k8s-master-N / k8s-node-N
 * ```
 *
 * kind's other fields (image, extraMounts, extraPortMappings, kubeadmConfigPatches, networking,
 * featureGates, ...) configure containers and kubeadm, which kubemu does not run: refused with a
 * clear error rather than ignored. No `nodes`: one control plane, as kind makes.
 */

const API_VERSIONS = ['kind.x-k8s.io/v1alpha4', 'kubemu.io/v1alpha1'];
const TOP = new Set(['kind', 'apiVersion', 'name', 'nodes']);
const TOP_KIND_ONLY = new Set([
  'networking',
  'featureGates',
  'runtimeConfig',
  'kubeadmConfigPatches',
  'kubeadmConfigPatchesJSON6902',
  'containerdConfigPatches',
  'containerdConfigPatchesJSON6902',
]);
const NODE = new Set(['role', 'labels', 'taints', 'capacity', 'name']);
const NODE_KIND_ONLY = new Set(['image', 'extraMounts', 'extraPortMappings', 'kubeadmConfigPatches', 'kubeadmConfigPatchesJSON6902']);
const CAPACITY = new Set(['cpu', 'memory', 'pods']);

type Obj = { [k: string]: JsonValue };
const isObj = (v: JsonValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads and checks FILE; the nodes of the layout it describes. */
export function readLayoutConfig(path: string, cwd: string): LayoutNode[] {
  let text: string;
  try {
    text = readFileSync(path.startsWith('/') ? path : `${cwd}/${path}`, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(code === 'ENOENT' ? `the cluster config "${path}" does not exist` : `cannot read the cluster config "${path}": ${code ?? String(e)}`);
  }
  const bad = (what: string): never => {
    throw new CliError(`invalid cluster config "${path}": ${what}`);
  };
  const stream = decodeStream(text, path);
  if (stream.error) throw new CliError(stream.error.message);
  if (stream.documents.length !== 1) bad(stream.documents.length ? 'it holds more than one document' : 'it is empty');
  const doc = stream.documents[0]!.value;
  if (!isObj(doc)) return bad('it is not a mapping');
  for (const k of Object.keys(doc)) {
    if (TOP_KIND_ONLY.has(k)) bad(`${k} is not emulated by kubemu (it configures kind's containers and kubeadm)`);
    if (!TOP.has(k)) bad(`unknown field "${k}"`);
  }
  if (doc['kind'] !== 'Cluster' || !API_VERSIONS.includes(String(doc['apiVersion']))) {
    bad(`must be kind: Cluster with apiVersion: ${API_VERSIONS[0]}`);
  }
  const list: JsonValue = doc['nodes'] ?? [{ role: 'control-plane' }];
  if (!Array.isArray(list)) return bad('nodes must be a list');
  const names = new Set<string>();
  const nodes = list.map((n: JsonValue, i: number): LayoutNode => {
    const at = `nodes[${i}]`;
    if (!isObj(n)) return bad(`${at} must be a mapping`);
    for (const k of Object.keys(n)) {
      if (NODE_KIND_ONLY.has(k)) bad(`${at}.${k} is not emulated by kubemu (it configures kind's node containers)`);
      if (!NODE.has(k)) bad(`unknown field "${at}.${k}"`);
    }
    const role = n['role'] ?? 'control-plane';
    if (role !== 'control-plane' && role !== 'worker') return bad(`${at}.role: Unsupported value: ${JSON.stringify(role)}: supported values: "control-plane", "worker"`);
    const node: LayoutNode = { role };
    if (n['name'] !== undefined) {
      if (typeof n['name'] !== 'string' || !/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(n['name'])) bad(`${at}.name must be a lowercase DNS name`);
      node.name = n['name'] as string;
      if (names.has(node.name)) bad(`${at}.name "${node.name}" is used twice`);
      names.add(node.name);
    }
    const labels = n['labels'];
    if (labels !== undefined) {
      if (!isObj(labels)) return bad(`${at}.labels must be a mapping of strings`);
      node.labels = {};
      for (const [k, v] of Object.entries(labels)) {
        if (typeof v !== 'string') bad(`${at}.labels.${k} must be a string`);
        const problem = labelProblem(k, v as string);
        if (problem) bad(`${at}.labels: ${problem}`);
        node.labels[k] = v as string;
      }
    }
    const taints = n['taints'];
    if (taints !== undefined) {
      if (!Array.isArray(taints)) return bad(`${at}.taints must be a list of key[=value]:Effect`);
      node.taints = taints.map((t, j) => {
        if (typeof t === 'string') return parseTaint(t, `${at}.taints[${j}]`);
        if (isObj(t) && typeof t['key'] === 'string' && typeof t['effect'] === 'string') {
          const value = typeof t['value'] === 'string' ? `=${t['value']}` : '';
          return parseTaint(`${t['key']}${value}:${t['effect']}`, `${at}.taints[${j}]`);
        }
        return bad(`${at}.taints[${j}] must be key[=value]:Effect or {key, value, effect}`);
      });
    }
    const capacity = n['capacity'];
    if (capacity !== undefined) {
      if (!isObj(capacity)) return bad(`${at}.capacity must be a mapping (cpu, memory, pods)`);
      for (const k of Object.keys(capacity)) if (!CAPACITY.has(k)) bad(`unknown field "${at}.capacity.${k}"`);
      if (capacity['cpu'] !== undefined) node.cpu = parseCpu(String(capacity['cpu']), `${at}.capacity.cpu`);
      if (capacity['memory'] !== undefined) node.memoryKi = parseMemoryKi(String(capacity['memory']), `${at}.capacity.memory`);
      if (capacity['pods'] !== undefined) node.pods = parsePods(String(capacity['pods']), `${at}.capacity.pods`);
    }
    return node;
  });
  if (!nodes.some((n) => n.role === 'control-plane')) bad('must have at least one control-plane node');
  return nodes;
}
