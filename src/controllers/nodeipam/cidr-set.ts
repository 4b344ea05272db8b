/**
 * The range allocator's CIDR set (pkg/controller/nodeipam/ipam/cidrset), reduced to what
 * kubemu needs: the cluster CIDR cut into equal node blocks, and the first block no node holds.
 *
 *   cluster 10.244.0.0/16, node mask 24: blocks 10.244.0.0/24 … 10.244.255.0/24 (256 nodes);
 *   nodes hold .0, .1, .2 → the next node gets 10.244.3.0/24.
 *
 * Upstream hands blocks out round-robin from a cursor kept in the controller-manager's memory;
 * the lowest free block is what a freshly started controller-manager gives, and keeps the
 * choice the same from run to run.
 */

/** kubeadm's --pod-network-cidr for flannel, the range the default nodes' podCIDRs come from. */
export const CLUSTER_CIDR = '10.244.0.0/16';
/** --node-cidr-mask-size for IPv4. */
export const NODE_CIDR_MASK = 24;

function parse(cidr: string): { base: number; prefix: number } | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) return undefined;
  const addr = octets.reduce((a, o) => a * 256 + o, 0);
  const size = 2 ** (32 - prefix);
  return { base: Math.floor(addr / size) * size, prefix };
}

function format(base: number, prefix: number): string {
  return `${[base >>> 24, (base >>> 16) & 255, (base >>> 8) & 255, base & 255].join('.')}/${prefix}`;
}

/**
 * The first node block of clusterCidr that overlaps none of `used` (the podCIDRs nodes hold;
 * ones that do not parse are ignored), or undefined when every block is taken.
 */
export function nextFreeNodeCidr(used: readonly string[], clusterCidr = CLUSTER_CIDR, mask = NODE_CIDR_MASK): string | undefined {
  const cluster = parse(clusterCidr);
  if (!cluster || mask < cluster.prefix) return undefined;
  const blockSize = 2 ** (32 - mask);
  const blocks = 2 ** (mask - cluster.prefix);
  const taken = new Set<number>();
  for (const c of used) {
    const p = parse(c);
    if (!p) continue;
    // A used range marks every block it overlaps (a /23 two blocks, a /25 the one it is in).
    const size = 2 ** (32 - p.prefix);
    const from = Math.max(p.base, cluster.base);
    const to = Math.min(p.base + size, cluster.base + blocks * blockSize);
    for (let b = Math.floor((from - cluster.base) / blockSize); cluster.base + b * blockSize < to; b++) taken.add(b);
  }
  for (let b = 0; b < blocks; b++) if (!taken.has(b)) return format(cluster.base + b * blockSize, mask);
  return undefined;
}
