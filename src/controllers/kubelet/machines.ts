import type { Keyspace } from '../../storage/keyspace.js';
import { ComponentState } from '../framework/state.js';

/**
 * The emulated machines: which nodes have a kubelet, and whether it runs. A Node that a user
 * creates with `kubectl apply` has none (as on a real cluster, nothing posts its status); the
 * nodes of `cluster create` and `kubemu node add` have one. Kept in the kubelet's private memory
 * (one entry, `machines`), never visible through the API.
 */

/** What the kubelet registers its Node with (`kubemu node add`, a layout's node). */
export interface MachineRegistration {
  /** the node's labels beyond the kubelet's own (kubernetes.io/hostname, os, arch) */
  labels: Record<string, string>;
  taints: { key: string; value?: string; effect: string }[];
  cpu: string;
  /** capacity.memory in Ki; allocatable is 100 Mi less (eviction-hard memory.available<100Mi) */
  memoryKi: number;
  pods: number;
  /** status.addresses InternalIP */
  ip: string;
}

/** One machine. */
export interface Machine {
  /**
   * When its kubelet last started: the kubelet renews its Lease at bootMs + k × 10 s and
   * reports its node status at bootMs + k × 5 min (heartbeats.ts), for as long as it runs.
   */
  bootMs: number;
  /** when it was powered off (`kubemu node stop`); absent while it runs */
  stoppedMs?: number;
  /** how the kubelet registers the Node when it does not exist (absent: the Node is made by the layout) */
  registration?: MachineRegistration;
}

export type Machines = Readonly<Record<string, Machine>>;

/** The kubelet's component name: its ComponentState holds the table. */
const KUBELET = 'kubelet';
const KEY = 'machines';

/**
 * The table; undefined in a cluster file from before machines existed, where every node had a
 * kubelet running since the cluster's start (legacyMachine).
 */
export function readMachines(store: MachineStore): Machines | undefined {
  return stateOf(store).peek<Machines>(KEY);
}

export function writeMachines(store: MachineStore, machines: Machines): void {
  stateOf(store).set(KEY, machines);
}

type MachineStore = Pick<Keyspace, 'getMeta' | 'setMeta' | 'getMetaEntry' | 'deleteMeta'>;

/**
 * One ComponentState per store, so that peek's parsed value is kept between calls: a new one
 * at each call parsed the table again at every pod event (the scheduler's and the heartbeats'
 * questions), which cost an apply of 2,000 pods over 24 nodes most of its time.
 */
const states = new WeakMap<MachineStore, ComponentState>();

function stateOf(store: MachineStore): ComponentState {
  let state = states.get(store);
  if (!state) states.set(store, (state = new ComponentState(store, KUBELET)));
  return state;
}

/** A file from before machines: every node's kubelet has run since the cluster's start. */
const LEGACY: Machine = { bootMs: 0 };

/** The machine of a node; undefined when the node has no kubelet. */
export function machineOf(machines: Machines | undefined, node: string): Machine | undefined {
  return machines === undefined ? LEGACY : machines[node];
}

/** Whether the node's kubelet runs (renews its lease, posts status, drives its pods). */
export function isRunning(m: Machine | undefined): boolean {
  return m !== undefined && m.stoppedMs === undefined;
}

/**
 * The table as it reads now. Kept parsed by ComponentState.peek (once per stored text), so
 * asking at every pod event costs a lookup of one meta entry.
 */
export function currentMachines(store: MachineStore): Machines | undefined {
  return readMachines(store);
}
