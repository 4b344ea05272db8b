/**
 * Pod IPs from the node's podCIDR, the way the host-local IPAM plugin hands them out: the
 * network address and .1 (the bridge's gateway) are never given, addresses go round-robin from
 * the last one handed out, skipping those in use, and wrap around before the broadcast address.
 *
 *   10.244.1.0/24: first pod 10.244.1.2, then .3, .4 …; after .254 comes .2 again if it is free.
 */

/**
 * The node's allocator state, kept in the kubelet's memory one address per entry (a node may
 * hold hundreds of pods: handing out one address must not rewrite all of them).
 */
export interface IpamStore {
  /** the last address handed out */
  last(): string | undefined;
  /** the pod UID holding ip, if any */
  owner(ip: string): string | undefined;
  /** ip now belongs to uid, and is the last address handed out */
  take(ip: string, uid: string): void;
  release(ip: string): void;
}

/** An IpamStore in a plain map (tests, and anything that keeps the state itself). */
export function mapIpamStore(used = new Map<string, string>(), last?: string): IpamStore & { used: Map<string, string> } {
  let lastIp = last;
  return {
    used,
    last: () => lastIp,
    owner: (ip) => used.get(ip),
    take: (ip, uid) => {
      used.set(ip, uid);
      lastIp = ip;
    },
    release: (ip) => {
      used.delete(ip);
    },
  };
}

function ipToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) throw new Error(`bad IPv4 address ${ip}`);
  return (((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!) >>> 0;
}

function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** The usable range of a CIDR: network + 2 … broadcast − 1. */
export function cidrRange(cidr: string): { first: number; last: number } {
  const [addr = '', bits = '32'] = cidr.split('/');
  const prefix = Number(bits);
  const size = 2 ** (32 - prefix);
  const network = Math.floor(ipToInt(addr) / size) * size;
  return { first: network + 2, last: network + size - 2 };
}

/** Hands out the next free address for uid, or undefined when the range is full. */
export function allocateIp(cidr: string, store: IpamStore, uid: string): string | undefined {
  const { first, last } = cidrRange(cidr);
  if (last < first) return undefined;
  const count = last - first + 1;
  const prev = store.last();
  const start = prev !== undefined ? ipToInt(prev) + 1 : first;
  for (let i = 0; i < count; i++) {
    let n = start + i;
    if (n > last || n < first) n = first + ((n - first) % count + count) % count;
    const ip = intToIp(n);
    if (store.owner(ip) === undefined) {
      store.take(ip, uid);
      return ip;
    }
  }
  return undefined;
}
