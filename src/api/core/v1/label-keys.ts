/** Label keys of core objects (k8s.io/api/core/v1/well_known_labels.go and kubectl's), each declared once. */

/** Label prefix whose suffix names a node's role: `node-role.kubernetes.io/control-plane`. */
export const NODE_ROLE_LABEL_PREFIX = 'node-role.kubernetes.io/';

/** The older node role label, whose *value* names the role. */
export const NODE_ROLE_LABEL = 'kubernetes.io/role';

/** The control-plane node's role label (kubeadm), also the key of the taint that keeps workloads off it. */
export const NODE_ROLE_CONTROL_PLANE_LABEL = 'node-role.kubernetes.io/control-plane';

/** The label the API server puts on every Namespace: its own name (so selectors can pick namespaces by name). */
export const LABEL_METADATA_NAME = 'kubernetes.io/metadata.name';

/** Every node's own name (the kubelet sets it): the topology key of per-node spreading. */
export const LABEL_HOSTNAME = 'kubernetes.io/hostname';

/** A node's zone: the topology key of zone spreading (the scheduler's system default constraints use it). */
export const LABEL_TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';
