import type { ApiServer } from '../apiserver/server.js';
import { findByKind } from '../apiserver/resources.js';
import { bootstrapStaticPods } from './static-pods.js';
import { LABEL_METADATA_NAME } from '../api/core/v1/label-keys.js';
import { nodeObject } from '../controllers/kubelet/node-registration.js';
import { type ClusterLayout, defaultLayout } from './layout.js';
import { bootstrapHeartbeats } from './bootstrap-heartbeats.js';

/**
 * The objects of a new cluster, as a kubeadm cluster has them right after `kubeadm init`
 * and the joins: the four system namespaces, the layout's nodes (by default a control-plane
 * node with its NoSchedule taint and two workers), a default ServiceAccount and the
 * kube-root-ca.crt ConfigMap in each namespace, the `kubernetes` Service, the control plane's
 * static pods, and last each node's Lease with the kubelets that renew them.
 */

export { KUBERNETES_VERSION } from '../controllers/kubelet/node-registration.js';

const NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'];

function must<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`bootstrap: unknown resource ${what}`);
  return v;
}

export function bootstrapCluster(api: ApiServer, layout: ClusterLayout = defaultLayout()): void {
  const nsInfo = must(findByKind('v1', 'Namespace'), 'namespaces');
  const nodeInfo = must(findByKind('v1', 'Node'), 'nodes');
  const saInfo = must(findByKind('v1', 'ServiceAccount'), 'serviceaccounts');
  const cmInfo = must(findByKind('v1', 'ConfigMap'), 'configmaps');
  const svcInfo = must(findByKind('v1', 'Service'), 'services');
  for (const name of NAMESPACES) {
    const labels = { [LABEL_METADATA_NAME]: name };
    api.create(nsInfo, undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
  }
  const now = api.now();
  for (const n of layout.nodes) {
    // Registered and found ready already: the not-ready taint admission put on them is gone.
    const created = api.create(nodeInfo, undefined, nodeObject(n, now), { registeredReady: true });
    api.updateStatus(nodeInfo, { ...created, status: nodeObject(n, now)['status'] });
  }
  for (const ns of NAMESPACES) {
    api.create(saInfo, ns, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: ns } });
    api.create(cmInfo, ns, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kube-root-ca.crt', namespace: ns },
      data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\n(emulated by kubemu)\n-----END CERTIFICATE-----\n' },
    });
  }
  api.create(svcInfo, 'default', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
    spec: {
      clusterIP: '10.96.0.1',
      clusterIPs: ['10.96.0.1'],
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
      type: 'ClusterIP',
    },
  });
  // The control plane's static pods, as kubeadm runs them (static-pods.ts), on the first control plane.
  bootstrapStaticPods(api, layout.nodes.find((n) => n.controlPlane));
  // Each node's Lease and its running kubelet (bootstrap-heartbeats.ts).
  bootstrapHeartbeats(api, layout.nodes.map((n) => n.name));
}
